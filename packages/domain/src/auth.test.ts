import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema,
  changePasswordRequestSchema,
  loginSchema,
  parseChangePasswordError,
  resetPasswordSchema,
  signatureCredentialsSchema,
  signatureSchema,
  unlockSchema,
} from './auth.js';

/** The messages a user would see, by field. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

describe('login form', () => {
  it('asks for e-mail and password', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: ['Debe ingresar un correo electrónico'],
      password: ['Debe ingresar una contraseña'],
    });
    expect(errorsOf(loginSchema, {})).toEqual({
      email: ['Debe ingresar un correo electrónico'],
      password: ['Debe ingresar una contraseña'],
    });
  });

  it('checks the e-mail format', () => {
    expect(errorsOf(loginSchema, { email: 'ana@', password: 'x' })).toEqual({ email: ['El formato no es correcto'] });
  });

  it('accepts a trimmed e-mail and keeps the password as typed', () => {
    expect(loginSchema.parse({ email: ' ana@demo.uy ', password: ' secreto ' })).toEqual({
      email: 'ana@demo.uy',
      password: ' secreto ',
    });
  });

  it('validates the reset panel e-mail the same way', () => {
    expect(errorsOf(resetPasswordSchema, { email: '' })).toEqual({ email: ['Debe ingresar un correo electrónico'] });
    expect(errorsOf(resetPasswordSchema, { email: 'x' })).toEqual({ email: ['El formato no es correcto'] });
  });
});

describe('change password form', () => {
  it('asks for the old password and a new one longer than 6 characters', () => {
    expect(errorsOf(changePasswordFormSchema, { vieja: '', nueva: '123456', repetir: '123456' })).toEqual({
      vieja: ['Debe ingresar una contraseña'],
      nueva: ['La contraseña debe tener más de 6 caracteres'],
    });
  });

  it('puts the mismatch under the repeat field, with the spec typo', () => {
    expect(errorsOf(changePasswordFormSchema, { vieja: 'a', nueva: '1234567', repetir: '1234568' })).toEqual({
      repetir: ['Las contrseñas nuevas deben coincidir'],
    });
    expect(errorsOf(changePasswordFormSchema, { vieja: 'a', nueva: '1234567', repetir: '' })).toEqual({
      repetir: ['Las contrseñas nuevas deben coincidir'],
    });
  });

  it('accepts matching passwords of 7 characters', () => {
    expect(changePasswordFormSchema.safeParse({ vieja: 'a', nueva: '1234567', repetir: '1234567' }).success).toBe(true);
  });
});

describe('change password request (server body)', () => {
  it('accepts the signed-in and the reset-link forms', () => {
    expect(changePasswordRequestSchema.safeParse({ vieja: 'old', nueva: '1234567' }).success).toBe(true);
    expect(changePasswordRequestSchema.safeParse({ token: 't', nueva: '1234567' }).success).toBe(true);
  });

  it('answers with ERROR_n messages the browser places under a field', () => {
    const short = errorsOf(changePasswordRequestSchema, { vieja: 'old', nueva: '123' });
    expect(short).toEqual({ nueva: ['ERROR_2 - La contraseña debe tener más de 6 caracteres'] });
    expect(parseChangePasswordError(short.nueva?.[0] ?? '')).toEqual({
      field: 'nueva',
      text: 'La contraseña debe tener más de 6 caracteres',
    });
    expect(errorsOf(changePasswordRequestSchema, { nueva: '1234567' })).toEqual({
      vieja: ['ERROR_1 - Debe ingresar una contraseña'],
    });
    expect(changePasswordRequestSchema.safeParse({ vieja: 'a', token: 't', nueva: '1234567' }).success).toBe(false);
  });

  it('shows other server messages whole', () => {
    expect(parseChangePasswordError('ERROR_1 - La contraseña actual no es correcta')).toEqual({
      field: 'vieja',
      text: 'La contraseña actual no es correcta',
    });
    expect(parseChangePasswordError('El enlace para cambiar la contraseña no es válido o expiró')).toEqual({
      field: null,
      text: 'El enlace para cambiar la contraseña no es válido o expiró',
    });
  });
});

describe('signature and unlock', () => {
  it('requires comment, e-mail and password with the spec messages', () => {
    expect(errorsOf(signatureSchema, { comment: ' ', userEmail: '', password: '' })).toEqual({
      comment: ['Comentario requerido'],
      userEmail: ['Correo requerido'],
      password: ['Contraseña requerida'],
    });
    expect(errorsOf(signatureSchema, { comment: 'ok', userEmail: 'x', password: 'p' })).toEqual({
      userEmail: ['Formato de correo incorrecto'],
    });
  });

  it('takes only the credentials on the server side', () => {
    expect(signatureCredentialsSchema.parse({ userEmail: 'a@b.uy', password: 'p', comment: 'c' })).toEqual({
      userEmail: 'a@b.uy',
      password: 'p',
    });
  });

  it('asks for the password to unlock', () => {
    expect(errorsOf(unlockSchema, { password: '' })).toEqual({ password: ['Debe ingresar una contraseña'] });
  });
});
