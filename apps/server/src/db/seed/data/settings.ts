import type { SeedSetting } from './types.js';

/**
 * System settings shown on the 'Configuración' screen, grouped by `group`.
 * Values are strings; `typeValue` says how to read and edit them.
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
  { name: 'users.passwordMinLength', description: 'Cantidad mínima de caracteres de la contraseña', value: '7', typeValue: 'number', group: 'Usuarios' },
  { name: 'users.maxFailedLogins', description: 'Intentos fallidos de inicio de sesión permitidos antes de bloquear la cuenta', value: '5', typeValue: 'number', group: 'Usuarios' },
  { name: 'users.lockMinutes', description: 'Minutos que la cuenta permanece bloqueada tras superar los intentos fallidos', value: '15', typeValue: 'number', group: 'Usuarios' },
  { name: 'users.resetLinkValidityMinutes', description: 'Minutos de validez del enlace para restablecer la contraseña', value: '60', typeValue: 'number', group: 'Usuarios' },

  // Evento Reportable
  { name: 'events.referenceUsesCountryPrefix', description: 'El número de referencia de un evento comienza con el código del país (UY-2026-000123)', value: 'true', typeValue: 'boolean', group: 'Evento Reportable' },
  { name: 'events.homeReferencePrefix', description: 'Prefijo del número de referencia de los reportes recibidos desde la web', value: 'RH', typeValue: 'string', group: 'Evento Reportable' },
  { name: 'events.referenceSequenceDigits', description: 'Cantidad de dígitos de la secuencia del número de referencia', value: '6', typeValue: 'number', group: 'Evento Reportable' },
  { name: 'events.followUpSuffix', description: 'Sufijo que identifica un reporte de seguimiento, seguido de su número (-S1, -S2…)', value: '-S', typeValue: 'string', group: 'Evento Reportable' },
  { name: 'events.draftRetentionDays', description: 'Días que se conserva un evento en estado Pendiente sin modificaciones antes de avisar a su creador', value: '90', typeValue: 'number', group: 'Evento Reportable' },
  { name: 'events.maxUploadBytes', description: 'Tamaño máximo de un archivo adjunto, en bytes', value: '20000000', typeValue: 'number', group: 'Evento Reportable' },
  { name: 'events.notifyOnCreation', description: 'Notificar por correo a los responsables cuando se crea un evento reportable', value: 'true', typeValue: 'boolean', group: 'Evento Reportable' },
  { name: 'events.notifyOnHomeReport', description: 'Notificar por correo a la oficina local cuando llega un reporte desde la web', value: 'true', typeValue: 'boolean', group: 'Evento Reportable' },

  // Web
  { name: 'web.publicUrl', description: 'Dirección pública del sitio, usada en los enlaces de los correos (vacío: APP_URL)', value: '', typeValue: 'string', group: 'Web' },
  { name: 'web.contactEmail', description: 'Correo de contacto que se muestra en el sitio público', value: 'farmacovigilancia@demo.atalaya', typeValue: 'email', group: 'Web' },
  { name: 'web.showCompaniesSection', description: 'Mostrar la sección Compañías en el sitio público', value: 'true', typeValue: 'boolean', group: 'Web' },

  // Notificaciones_Error
  { name: 'errors.recipients', description: 'Correos que reciben los avisos de error del sistema, separados por coma', value: 'soporte@demo.atalaya', typeValue: 'string', group: 'Notificaciones_Error' },
  { name: 'errors.enabled', description: 'Enviar por correo los avisos de error del sistema', value: 'false', typeValue: 'boolean', group: 'Notificaciones_Error' },
];
