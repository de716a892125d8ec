import { MSG, ramClassificationInputSchema, type ErRam } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../shared/form';
import { classificationBody, classificationFieldOf, classificationInputOf, classificationValuesOf } from './ram-classification-values';

const stored: ErRam = {
  Id: 7,
  IdER: 'meta-1',
  MedraLLT: { llt_code: 10019211, llt_name: 'Cefalea' },
  Description: 'Dolor de cabeza intenso',
  Evolution: null,
  AccMed: null,
  AccMedNombre: null,
  IsExpected: false,
  IsRAM: true,
  TypeRAM: 2,
  CategoryRAM: [{ RAMId: 7, RAMCategoryId: 4 }],
  DateStart: null,
  DateEnd: null,
  Death: false,
  LifeThreading: false,
  HospitalizationRequired: true,
  HospitalizationDateStart: '2026-10-01',
  HospitalizationDateEnd: '2026-10-03',
  PersistedHospitalization: false,
  TransitoryDisability: false,
  PersistentDisability: false,
  CongenitalAnomaly: false,
  AnotherCondition: false,
  IsSerious: true,
  Considerations: null,
  DoseReduction: null,
  Concentration: null,
  UnitId: null,
  FrecId: null,
  Cant: null,
  UnitUsoId: null,
  QualityClaim: false,
  TypeRAMNombre: 'Tipo II',
  LocalSanitaryNotificaction: { Fecha: '2026-10-05', Via: 3, ViaNombre: 'Portal', FileName: null, Extension: null },
  ProviderNotification: { Fecha: '2026-10-06', Via: 1, ViaNombre: 'Correo', FileName: null, Extension: null },
};

describe('the RAM classification form', () => {
  it('opens with the stored classification and sends it back unchanged', () => {
    const values = classificationValuesOf(stored);
    expect(values).toMatchObject({ IsRAM: 'SI', TypeRAM: 2, CategoryRAM: ['4'], IsExpected: 'NO', LocalNotified: true, ProviderNotified: true });
    expect(classificationBody(values, stored, { mayNotifyProvider: true })).toEqual({
      ram: expect.objectContaining({
        Id: 7,
        IdER: 'meta-1',
        IsRAM: true,
        TypeRAM: 2,
        CategoryRAM: [4],
        HospitalizationDateStart: '2026-10-01',
        LocalSanitaryNotificaction: { Fecha: '2026-10-05', Via: 3 },
        ProviderNotification: { Fecha: '2026-10-06', Via: 1 },
      }),
      comentario: null,
    });
  });

  it('sends no provider notification for someone who may not record it (the server keeps the stored one)', () => {
    expect(classificationInputOf(classificationValuesOf(stored), { mayNotifyProvider: false }).ProviderNotification).toBeNull();
  });

  it('drops the type when it is not a RAM and the hospital dates when not hospitalised', () => {
    const values = { ...classificationValuesOf(stored), IsRAM: 'NO' as const, HospitalizationRequired: false };
    expect(classificationInputOf(values, { mayNotifyProvider: true })).toMatchObject({ TypeRAM: null, HospitalizationDateStart: null, HospitalizationDateEnd: null });
  });

  it('shows the schema’s messages on the form’s fields: the answers, the type and the notification date', () => {
    const values = { ...classificationValuesOf(stored), IsRAM: '' as const, IsExpected: '' as const, LocalFecha: null };
    const result = ramClassificationInputSchema.safeParse(classificationInputOf(values, { mayNotifyProvider: true }));
    expect(result.success).toBe(false);
    const messages = fieldMessages(result.error?.issues ?? [], classificationFieldOf);
    expect(messages).toMatchObject({ IsRAM: MSG.generic.radio, IsExpected: MSG.generic.radio, LocalFecha: MSG.ram.notificationDateRequired });

    const untyped = ramClassificationInputSchema.safeParse(classificationInputOf({ ...classificationValuesOf(stored), TypeRAM: null }, { mayNotifyProvider: true }));
    expect(fieldMessages(untyped.error?.issues ?? [], classificationFieldOf)).toEqual({ TypeRAM: MSG.generic.select });
  });
});
