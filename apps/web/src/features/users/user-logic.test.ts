import { firstErrorMessage, lastErrorMessage, MSG, PAGE_SIZE, setLaboratoryUserSchema, userCreateSchema, userFilterSchema, userUpdateSchema, type UserWithDetails } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import {
  assignmentRequest,
  assignmentSummary,
  canAssign,
  EMPTY_ASSIGNMENT,
  EMPTY_USER_FILTERS,
  NEW_USER_VALUES,
  userDetailsBody,
  userFieldOf,
  userFilterBody,
  userFormValuesOf,
  userOrderLabel,
  visibleCompanies,
  type AssignmentDraft,
} from './user-logic';

describe('the filter panel → getUsersByFilters', () => {
  it('sends blanks and placeholders as "any", the default order and the page', () => {
    const body = userFilterBody({ ...EMPTY_USER_FILTERS, name: '   ', country: 'Seleccionar...', userType: 'none' }, 1);
    expect(body).toEqual({ name: null, email: null, country: null, userType: null, isActive: null, pageNumber: 1, orderBy: 'Nombre ASC', pageSize: PAGE_SIZE });
    expect(userFilterSchema.safeParse(body).success).toBe(true);
  });

  it('trims the texts and maps Habilitado to isActive', () => {
    const body = userFilterBody({ name: ' Pereyra ', email: 'demo', country: 'UY', enabled: 'no', userType: 'QPPV', orderBy: 'Email DESC' }, 3);
    expect(body).toMatchObject({ name: 'Pereyra', email: 'demo', country: 'UY', userType: 'QPPV', isActive: false, pageNumber: 3, orderBy: 'Email DESC' });
    expect(userFilterBody({ ...EMPTY_USER_FILTERS, enabled: 'yes' }).isActive).toBe(true);
  });

  it('labels the orders in Spanish', () => {
    expect(userOrderLabel('Nombre ASC')).toBe('Nombre (ascendente)');
    expect(userOrderLabel('Pais DESC')).toBe('País (descendente)');
  });
});

const stored: UserWithDetails = {
  UserID: '7',
  Id: '7',
  Name: 'Ana Pérez',
  Email: 'ana@demo.atalaya',
  Rol: 'RLF',
  Country: 'UY',
  Details: { UserID: '7', FirstName: 'Ana', LastName: 'Pérez', Email: 'ana@demo.atalaya', Country: 'UY', UserType: 'RLF', Speciality: { Id: 3 }, IsActive: true },
  Laboratories: [],
};

describe('the user form → Details', () => {
  it('an empty new user reports the spec order: the e-mail first', () => {
    const body = userDetailsBody(NEW_USER_VALUES, { withActive: false });
    expect(firstErrorMessage(userCreateSchema, body)).toBe(MSG.users.emailRequired);
  });

  it('the alert shows the last message of the spec order ("later messages win"): Especialidad, then Rol once it is chosen', () => {
    expect(lastErrorMessage(userCreateSchema, userDetailsBody(NEW_USER_VALUES, { withActive: false }))).toBe(MSG.users.specialityRequired);
    const partial = { ...NEW_USER_VALUES, SpecialityId: 1 };
    expect(lastErrorMessage(userCreateSchema, userDetailsBody(partial, { withActive: false }))).toBe(MSG.users.roleRequired);
    const onlyEmail = { Email: '', FirstName: 'X', LastName: 'Y', Country: 'UY', UserType: 'RLF' as const, SpecialityId: 1, IsActive: true };
    expect(lastErrorMessage(userCreateSchema, userDetailsBody(onlyEmail, { withActive: false }))).toBe(MSG.users.emailRequired);
    expect(lastErrorMessage(userCreateSchema, userDetailsBody({ ...onlyEmail, Email: 'x@demo.atalaya' }, { withActive: false }))).toBeNull();
  });

  it('each missing field gives its own message, in the spec order', () => {
    const full = { Email: 'x@demo.atalaya', FirstName: 'X', LastName: 'Y', Country: 'UY', UserType: 'RLF' as const, SpecialityId: 1, IsActive: true };
    const cases: [Partial<typeof full>, string][] = [
      [{ FirstName: '  ' }, MSG.users.firstNameRequired],
      [{ LastName: '' }, MSG.users.lastNameRequired],
      [{ Country: null as unknown as string }, MSG.users.countryRequired],
      [{ Country: 'Seleccionar...' }, MSG.users.countryRequired],
      [{ UserType: null as unknown as 'RLF' }, MSG.users.roleRequired],
      [{ SpecialityId: null as unknown as number }, MSG.users.specialityRequired],
    ];
    for (const [change, message] of cases) expect(firstErrorMessage(userCreateSchema, userDetailsBody({ ...full, ...change }, { withActive: false }))).toBe(message);
    expect(firstErrorMessage(userCreateSchema, userDetailsBody(full, { withActive: false }))).toBeNull();
  });

  it('an update carries the id, and IsActive only when the editor may change it', () => {
    const values = userFormValuesOf(stored);
    expect(values).toEqual({ Email: 'ana@demo.atalaya', FirstName: 'Ana', LastName: 'Pérez', Country: 'UY', UserType: 'RLF', SpecialityId: 3, IsActive: true });
    const other = userDetailsBody({ ...values, IsActive: false }, { userId: '7', withActive: true });
    expect(other).toMatchObject({ UserID: '7', IsActive: false, Speciality: { Id: 3 } });
    expect(userUpdateSchema.safeParse(other).success).toBe(true);
    expect(userDetailsBody(values, { userId: '7', withActive: false })).not.toHaveProperty('IsActive');
  });

  it('puts the speciality message on the Especialidad select', () => {
    expect(userFieldOf(['Speciality', 'Id'])).toBe('SpecialityId');
    expect(userFieldOf(['Email'])).toBe('Email');
  });
});

describe('the laboratory assignment', () => {
  const draft = (change: Partial<AssignmentDraft>): AssignmentDraft => ({ ...EMPTY_ASSIGNMENT, ...change });

  it("'Asignar' needs a country, a company or 'all'", () => {
    expect(canAssign(EMPTY_ASSIGNMENT)).toBe(false);
    expect(assignmentRequest('7', EMPTY_ASSIGNMENT)).toBeNull();
    expect(canAssign(draft({ all: true }))).toBe(true);
    expect(canAssign(draft({ country: 'UY' }))).toBe(true);
  });

  it('builds each of the four kinds of grant', () => {
    const requests = [
      assignmentRequest('7', draft({ all: true, country: 'UY', company: 4 })),
      assignmentRequest('7', draft({ country: 'UY' })),
      assignmentRequest('7', draft({ country: 'UY', company: 4, wholeCompany: true, laboratories: [{ Id: 1, Checked: false }] })),
      assignmentRequest('7', draft({ country: 'UY', company: 4, laboratories: [{ Id: 1, Checked: true }, { Id: 2, Checked: false }] })),
    ];
    expect(requests).toEqual([
      { userId: '7', allLabs: true, country: null, company: null, laboratories: [] },
      { userId: '7', allLabs: false, country: 'UY', company: null, laboratories: [] },
      { userId: '7', allLabs: false, country: 'UY', company: 4, laboratories: [] },
      { userId: '7', allLabs: false, country: 'UY', company: 4, laboratories: [{ Id: 1, Checked: true }, { Id: 2, Checked: false }] },
    ]);
    for (const request of requests) expect(setLaboratoryUserSchema.safeParse(request).success).toBe(true);
  });

  it('says what Asignar will do', () => {
    expect(assignmentSummary(EMPTY_ASSIGNMENT, {})).toBeNull();
    expect(assignmentSummary(draft({ all: true }), {})).toBe('Se asignarán todos los laboratorios.');
    expect(assignmentSummary(draft({ country: 'UY' }), { country: 'Uruguay' })).toBe('Se asignarán todos los laboratorios de Uruguay.');
    expect(assignmentSummary(draft({ country: 'UY', company: 4, wholeCompany: true }), { country: 'Uruguay', company: 'Terramar' })).toBe(
      'Se asignarán todos los laboratorios de Terramar (Uruguay).',
    );
  });

  it('hides companies with a blank name and sorts the rest', () => {
    expect(visibleCompanies([{ Id: 1, Name: 'Zeta' }, { Id: 2, Name: '  ' }, { Id: 3, Name: 'Alfa' }]).map((company) => company.Id)).toEqual([3, 1]);
  });
});
