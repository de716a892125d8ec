import { z } from 'zod';

/** Answer of `uploadDocAndNotes` and `deleteDocAndNotes`. */
export const okResultSchema = z.object({ Message: z.literal('OK') });
export type OkResult = z.infer<typeof okResultSchema>;

/** Answer of uploadFileOriginReport (the erOriginSchema fields it changes). */
export const originFileResultSchema = z.object({ FileName: z.string(), Extension: z.string() });
export type OriginFileResult = z.infer<typeof originFileResultSchema>;

/** Answer of uploadFileContactoMedico (the erMedicalContactSchema fields it changes). */
export const medicalContactFileResultSchema = z.object({ NombreArchivo: z.string(), ExtensionArchivo: z.string() });
export type MedicalContactFileResult = z.infer<typeof medicalContactFileResultSchema>;
