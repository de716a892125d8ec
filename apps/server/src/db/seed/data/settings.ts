import type { SeedSetting } from './types.js';

/**
 * System settings shown on the 'Configuración' screen, grouped by `group`.
 * Values are strings; `typeValue` says how to read and edit them; the rule of each value is
 * `SETTING_RULES` (packages/domain/src/settings.ts) and docs/settings.md says who reads it.
 * A row the code no longer defines is deleted at start (seedReferenceData).
 */
export const settings: SeedSetting[] = [
  // SMTP ('Envío de correo')
  { name: 'smtp.host', description: 'Servidor SMTP para el envío de correos (vacío: los correos quedan en la bandeja de salida)', value: '', typeValue: 'string', group: 'SMTP' },
  { name: 'smtp.port', description: 'Puerto del servidor SMTP', value: '587', typeValue: 'number', group: 'SMTP' },
  { name: 'smtp.secure', description: 'Usar conexión segura (TLS) con el servidor SMTP', value: 'false', typeValue: 'boolean', group: 'SMTP' },
  { name: 'smtp.user', description: 'Usuario de autenticación SMTP (vacío si el servidor no la requiere)', value: '', typeValue: 'string', group: 'SMTP' },
  { name: 'smtp.password', description: 'Contraseña de autenticación SMTP', value: '', typeValue: 'password', group: 'SMTP' },
  { name: 'smtp.fromAddress', description: 'Dirección de correo del remitente', value: 'no-responder@demo.atalaya', typeValue: 'email', group: 'SMTP' },
  { name: 'smtp.fromName', description: 'Nombre del remitente que ven los destinatarios', value: 'Atalaya Farmacovigilancia', typeValue: 'string', group: 'SMTP' },

  // Usuarios
  { name: 'users.sessionTimeoutMinutes', description: 'Minutos de inactividad tras los cuales se cierra la sesión', value: '30', typeValue: 'number', group: 'Usuarios' },
  { name: 'users.maxFailedLogins', description: 'Intentos fallidos de inicio de sesión permitidos antes de bloquear la cuenta', value: '5', typeValue: 'number', group: 'Usuarios' },
  { name: 'users.lockMinutes', description: 'Minutos que la cuenta permanece bloqueada tras superar los intentos fallidos', value: '15', typeValue: 'number', group: 'Usuarios' },
  { name: 'users.resetLinkValidityMinutes', description: 'Minutos de validez del enlace para restablecer la contraseña', value: '60', typeValue: 'number', group: 'Usuarios' },

  // Evento Reportable (docs/duplicates.md)
  { name: 'cases.duplicateThreshold', description: 'Puntaje mínimo (bits) para proponer dos reportes como posibles duplicados', value: '22', typeValue: 'number', group: 'Evento Reportable' },

  // Web
  { name: 'web.publicUrl', description: 'Dirección pública del sitio, usada en los enlaces de los correos (vacío: la dirección APP_URL del servidor)', value: '', typeValue: 'url', group: 'Web' },

  // E2B ('Intercambio E2B(R3)', docs/e2b.md)
  { name: 'e2b.senderId', description: 'Identificador del remitente de los envíos E2B(R3) (N.1.3, N.2.r.2 y parte de C.1.1 y C.1.8.1)', value: 'ATALAYA', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderOrganisation', description: 'Organización remitente de los envíos E2B(R3) (C.3.2)', value: 'Atalaya', typeValue: 'string', group: 'E2B' },
  {
    name: 'e2b.meddraFallbackVersion',
    description: 'Versión de MedDRA de reserva para E.i.2.1a, usada solo si no se importó ninguna versión del diccionario (vacío: la exportación se rechaza)',
    value: '',
    typeValue: 'string',
    group: 'E2B',
  },
  {
    name: 'e2b.senderType',
    description: 'Tipo de remitente (C.3.1): 1 compañía farmacéutica, 2 autoridad reguladora, 3 profesional de la salud, 4 centro regional de farmacovigilancia, 5 centro colaborador de la OMS, 6 otro, 7 paciente o consumidor',
    value: '1',
    typeValue: 'string',
    group: 'E2B',
  },
  { name: 'e2b.senderDepartment', description: 'Departamento del remitente (C.3.3.1; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderTitle', description: 'Título de la persona responsable del envío (C.3.3.2; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderGivenName', description: 'Nombre de la persona responsable del envío (C.3.3.3; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderFamilyName', description: 'Apellido de la persona responsable del envío (C.3.3.5; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderStreet', description: 'Dirección del remitente (C.3.4.1; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderCity', description: 'Ciudad del remitente (C.3.4.2; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderState', description: 'Estado o provincia del remitente (C.3.4.3; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderPostcode', description: 'Código postal del remitente (C.3.4.4; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderCountry', description: 'País del remitente, código ISO de dos letras (C.3.4.5; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderTelephone', description: 'Teléfono del remitente (C.3.4.6; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderFax', description: 'Fax del remitente (C.3.4.7; vacío: no se envía)', value: '', typeValue: 'string', group: 'E2B' },
  { name: 'e2b.senderEmail', description: 'Correo electrónico del remitente (C.3.4.8; vacío: no se envía)', value: '', typeValue: 'email', group: 'E2B' },

  // Notificaciones_Error
  { name: 'errors.recipients', description: 'Correos que reciben los avisos de error del sistema, separados por coma', value: 'soporte@demo.atalaya', typeValue: 'string', group: 'Notificaciones_Error' },
  { name: 'errors.enabled', description: 'Enviar por correo los avisos de error del sistema', value: 'false', typeValue: 'boolean', group: 'Notificaciones_Error' },
];
