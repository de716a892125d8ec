import { medicalContactInputSchema, MSG, type ErMedicalContact } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { contactFileForm, contactToForm, contactWrite, planContactLeave } from './medical-contact-form';

const stored: ErMedicalContact = {
  Id: 7,
  ErId: 'meta-1',
  SeContacto: true,
  FechaContacto: '2024-05-02',
  NombreMedico: 'Dra. Pérez',
  Profesion: null,
  EmailMedico: null,
  TelMedico: '099123456',
  Intervencion: null,
  NombreArchivo: null,
  ExtensionArchivo: null,
};

describe('medical contact: leaving step 5', () => {
  it('always lets an untouched form go, in both directions, even unanswered', () => {
    expect(planContactLeave('forward', false, false)).toBe('skip');
    expect(planContactLeave('back', false, false)).toBe('skip');
  });

  it('saves a touched valid form', () => {
    expect(planContactLeave('forward', true, true)).toBe('save');
    expect(planContactLeave('back', true, true)).toBe('save');
  });

  it('blocks the way forward with a touched invalid form, and asks before going back with it', () => {
    expect(planContactLeave('forward', true, false)).toBe('block');
    expect(planContactLeave('back', true, false)).toBe('dirty-invalid');
  });
});

describe('medical contact: the write', () => {
  it('inserts while the case has no contact', () => {
    const contact = medicalContactInputSchema.parse({ ...contactToForm(null), SeContacto: false });
    expect(contactWrite('meta-1', null, contact)).toEqual({ path: 'insertContactoMedico', body: { ErId: 'meta-1', ...contact } });
  });

  it('updates the stored contact by its Id, with the case Meta as ErId', () => {
    const contact = medicalContactInputSchema.parse({ ...contactToForm(stored), Profesion: 'Pediatra' });
    const write = contactWrite('meta-1', stored, contact);
    expect(write.path).toBe('updateContactoMedico');
    expect(write.body).toMatchObject({ Id: 7, ErId: 'meta-1', SeContacto: true, NombreMedico: 'Dra. Pérez', Profesion: 'Pediatra', EmailMedico: null });
  });

  it("answering NO sends none of the doctor's data", () => {
    const contact = medicalContactInputSchema.parse({ ...contactToForm(stored), SeContacto: false });
    expect(contact).toMatchObject({ SeContacto: false, NombreMedico: null, TelMedico: null, FechaContacto: null });
  });

  it("needs the doctor's name when a consultation happened, and a well-formed e-mail", () => {
    const result = medicalContactInputSchema.safeParse({ ...contactToForm(null), SeContacto: true, EmailMedico: 'no-es-correo' });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['EmailMedico', MSG.generic.emailFormat],
        ['NombreMedico', MSG.generic.required],
      ]),
    );
  });

  it('shows a stored contact in the form, blanks as empty text', () => {
    expect(contactToForm(stored)).toEqual({
      SeContacto: true,
      FechaContacto: '2024-05-02',
      NombreMedico: 'Dra. Pérez',
      Profesion: '',
      EmailMedico: '',
      TelMedico: '099123456',
      Intervencion: '',
    });
    expect(contactToForm(null).SeContacto).toBeNull();
  });
});

describe('medical contact: the file upload body', () => {
  it('names the stored contact and the file, with the file last', () => {
    const form = contactFileForm(7, new File(['{\\rtf1}'], 'Informe.rtf', { type: 'application/rtf' }));
    expect([...form.keys()]).toEqual(['Id', 'ExtensionArchivo', 'NombreArchivo', 'file']);
    expect(form.get('Id')).toBe('7');
    expect(form.get('ExtensionArchivo')).toBe('rtf');
    expect(form.get('NombreArchivo')).toBe('Informe.rtf');
  });
});
