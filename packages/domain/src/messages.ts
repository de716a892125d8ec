/**
 * The Spanish message catalogue: every user-visible message of both specs (§5 validation,
 * §8 error catalogue) and of docs/api.md, word for word. The specs' typos are kept on
 * purpose ('contrseñas', 'desripción', 'selecionar', 'númerico', 'terminos', 'sí continúa').
 * Entries marked "(ours)" are not in the specs: they fill a gap the specs leave open.
 */
export const MSG = {
  login: {
    emailRequired: 'Debe ingresar un correo electrónico',
    emailFormat: 'El formato no es correcto',
    passwordRequired: 'Debe ingresar una contraseña',
    robot: 'Debe marcar la casilla --No soy un robot--',
    failed: 'Usuario y contraseña incorrectos',
    unlockFailed: 'contraseña incorrecta',
    tooManyAttempts: 'Demasiados intentos fallidos. Intente nuevamente en unos minutos',
    unsupportedGrantType: 'Tipo de autorización no soportado',
    resetRequested: 'Si el correo está registrado, recibirá un enlace para restablecer la contraseña',
  },
  changePassword: {
    oldRequired: 'Debe ingresar una contraseña',
    newTooShort: 'La contraseña debe tener más de 6 caracteres',
    mismatch: 'Las contrseñas nuevas deben coincidir',
    oldIncorrect: 'La contraseña actual no es correcta',
    sameAsOld: 'La nueva contraseña debe ser distinta de la actual',
    invalidLink: 'El enlace para cambiar la contraseña no es válido o expiró',
    success: 'Contraseña actualizada',
  },
  session: {
    logout: 'Cerrar sesión',
  },
  errors: {
    notFoundTitle: 'Datos no encontrados',
    notFoundDetail: 'El sistema no encontró datos para mostrar',
    networkTitle: 'Ooops! Algo salió mal',
    networkDetail: 'El sistema está desconectado - Contacte al administrador',
    unauthenticated: 'Debe iniciar sesión para continuar',
    forbidden: 'No tiene permisos para realizar esta acción',
    sessionExpired: 'La sesión expiró. Inicie sesión nuevamente',
    tooManyRequests: 'Demasiadas solicitudes. Intente nuevamente en unos minutos',
    /** (ours) refresh or sign-out sent with the session cookie from another site, or without an Origin. */
    originNotAllowed: 'Solicitud rechazada: el origen de la solicitud no está permitido',
    /** (ours) any call but the context, the terms and the session ones before the terms are accepted. */
    termsNotAccepted: 'Debe aceptar los términos y condiciones de uso para continuar',
    payloadTooLarge: 'El contenido enviado supera el tamaño permitido',
    unsupportedMediaType: 'El tipo de contenido enviado no es válido',
    /** (ours) a multipart body that cannot be read: no or another boundary, cut short, broken parts. */
    malformedMultipart: 'El formulario enviado está incompleto o mal formado',
    /** (ours) a body the server cannot read: malformed JSON or form data, a wrong length. */
    invalidBody: 'El contenido enviado no es válido',
    /** (ours) a path the router cannot read: a malformed %-escape. */
    invalidUrl: 'La dirección pedida no es válida',
    /** (ours) a path parameter longer than the router accepts. */
    urlTooLong: 'La dirección pedida es demasiado larga',
    unexpected: 'Se produjo un error inesperado',
    incidentCode: (requestId: string) => `Código de incidente: ${requestId}`,
  },
  signature: {
    commentRequired: 'Comentario requerido',
    emailRequired: 'Correo requerido',
    passwordRequired: 'Contraseña requerida',
    failed: 'Usuario o contraseña incorrectos para la firma',
  },
  generic: {
    required: 'Requerido',
    /** A text with a NUL character (PostgreSQL cannot store it), on any route. */
    invalidCharacters: 'El texto contiene caracteres no válidos',
    radio: 'Debe seleccionar una opción',
    select: 'Debe selecionar una opción',
    numeric: 'El campo debe ser un númerico',
    emailRequired: 'Correo requerido',
    emailFormat: 'Formato de correo incorrecto',
    isRequired: 'Es requerido',
    futureDate: 'La fecha no puede ser futura',
    endBeforeStart: 'La fecha de fin no puede ser anterior a la de inicio',
    /** (ours) */
    minZero: 'El valor no puede ser negativo',
    /** (ours) Height outside HEIGHT_RANGE_M (anthropometry.ts), the unit named. */
    heightRange: 'La altura debe estar entre 0,20 y 2,75 m (20 a 275 cm)',
    /** (ours) Weight outside WEIGHT_RANGE_KG. */
    weightRange: 'El peso debe estar entre 0,2 y 650 kg',
    /** (ours) */
    maxLength: (max: number) => `No puede superar los ${max} caracteres`,
    /** (ours) */
    invalidDate: 'La fecha no es válida',
    /** (ours) a date field that is not ISO 8601 'YYYY-MM-DD' (docs/api.md 'Input rules'). */
    dateFormat: (field = 'fecha') => `La ${field} no es válida: use el formato AAAA-MM-DD`,
    /** (ours) a date-time field that is not a full ISO 8601 date-time. */
    dateTimeFormat: (field = 'fecha') => `La ${field} no es válida: use el formato AAAA-MM-DDTHH:MM:SSZ`,
    /** Event spec §2.6 empty list text, e.g. emptyList('documentos'). */
    emptyList: (things: string) => `No se encontraron ${things} asociados`,
  },
  users: {
    title: 'Administrador de usuarios',
    myUserTitle: 'Mí usuario',
    emailRequired: 'Correo electrónico requerido',
    firstNameRequired: 'Nombre requerido',
    lastNameRequired: 'Apellido requerido',
    countryRequired: 'País requerido',
    roleRequired: 'Rol requerido',
    specialityRequired: 'Especialidad requerido',
    created: 'Usuario creado',
    updated: 'Usuario actualizado',
    /** (ours) the users administration's server rules (docs/api.md 'Users and laboratories'). */
    notFound: 'El usuario no existe',
    emailTaken: 'Ya existe un usuario con ese correo electrónico',
    emailUnchangeable: 'El correo electrónico de un usuario no se puede cambiar',
    countryUnknown: 'El país no existe',
    countryDisabled: 'El país está deshabilitado',
    specialityUnknown: 'La especialidad no existe',
    specialityDisabled: 'La especialidad está deshabilitada',
    ownRole: 'No puede cambiar su propio rol',
    ownActive: 'No puede habilitar ni deshabilitar su propio usuario',
    roleNotAllowed: 'No tiene permiso para cambiar el rol de un usuario',
    adminRoleNotAllowed: 'Solo un administrador puede dar el rol ADMIN',
    adminUserNotAllowed: 'Solo un administrador puede modificar a un usuario ADMIN',
    othersNotAllowed: 'Solo puede modificar su propio usuario',
    orderInvalid: 'El orden de la lista de usuarios no es válido',
    roleUnknown: 'El rol no existe',
    filterUnknownField: 'La búsqueda de usuarios recibió un campo que no admite',
    /** (ours) laboratory assignment. */
    assignmentTarget: 'Seleccione un país, una compañía o todos los laboratorios',
    companyUnknown: 'La compañía no existe',
    companyNotInCountry: 'La compañía no es del país seleccionado',
    laboratoryNotInCompany: 'El laboratorio no es de la compañía seleccionada',
    laboratoryNotInCountry: 'El laboratorio no es del país seleccionado',
    grantNotFound: 'La asignación de laboratorios no existe',
  },
  createEvent: {
    title: 'Crear Evento Reportable',
    countryRequired: 'Debe seleccionar un país',
    reportTypeRequired: 'Debe indicar el tipo de reporte que quiere crear',
    /** (ours) an Idempotency-Key header that is not 1–100 letters, digits, '-' or '_'. */
    idempotencyKeyInvalid: 'La clave de idempotencia (Idempotency-Key) no es válida',
    /** (ours) the same Idempotency-Key sent again with another country or report type. */
    idempotencyKeyReused: 'La clave de idempotencia (Idempotency-Key) ya se usó para crear un evento con otro país o tipo de reporte',
  },
  publicForm: {
    subGroupRequired: 'Debe seleccionar un tipo de acontecimiento',
    countryRequired: 'Debe seleccionar un país de residencia',
    initialsRequired: 'Debe ingresar las iniciales del paciente',
    sexRequired: 'Debe ingresar el sexo del paciente',
    severityRequired: 'Debe ingresar gravedad',
    reactionRequired: 'Debe ingresar una desripción del acontecimiento adverso / reacción adversa',
    productRequired: 'Debe ingresar un medicamento / producto sospechoso',
    fieldRequired: 'El campo es obligatorio',
    emailFormat: 'El formato del correo es incorrecto',
    termsRequired: 'Debe aceptar los terminos para poder continuar',
    contactEmailRequired: 'Debe ingresar un correo para ser contactado',
    /** (ours) */
    gestationRange: 'Las semanas de gestación deben estar entre 0 y 40',
    /** (ours) a phone with other characters than PHONE_PATTERN's (public-form.ts). */
    phoneFormat: 'El teléfono solo admite números, espacios, guiones, paréntesis y un + inicial',
    /** (ours) pregnancy answered SI for a patient who is not female. */
    pregnancyOnlyFemale: 'El embarazo solo corresponde a pacientes de sexo femenino',
    /** (ours) the report does not say whether the reporter is a health professional. */
    reporterTypeRequired: 'Debe indicar si es profesional de la salud',
    /** (ours) a suspect product that is not sold in the report's country. */
    productNotAvailable: 'El medicamento / producto seleccionado no está disponible en el país elegido',
    /** (ours) a list value (vía, frecuencia, unidad, evolución, acción, parentesco, tipo) that the list does not hold. */
    optionUnknown: (field: string) => `El valor elegido para ${field} no es válido`,
  },
  meddra: {
    /** (ours) getMedDRALLT/{term} with fewer than 2 characters. */
    termTooShort: 'Ingrese al menos 2 caracteres para buscar un término MedDRA',
  },
  homeReports: {
    title: 'Reporte generado por médico / paciente',
    reportTypeRequired: 'Debe seleccionar un tipo de reporte',
    /** (ours) an unknown report id, or one out of the user's reach. */
    reportNotFound: 'El reporte no existe o no está a su alcance',
    /** (ours) the report already became a case. */
    alreadyEntered: 'El reporte ya fue ingresado como evento reportable',
  },
  lists: {
    /** (ours) page 0, -1, 1.5 or text. */
    invalidPage: 'El número de página debe ser un entero mayor o igual a 1',
    /** (ours) a page size other than 15. */
    invalidPageSize: 'El tamaño de página debe ser 15',
    /** (ours) an orderBy that names no known column. */
    invalidOrder: 'El orden solicitado no es válido',
    /** (ours) a filter value of the wrong kind. */
    invalidFilter: 'Uno de los filtros no es válido',
    /** (ours) an unknown case, or one out of the user's reach. */
    eventNotFound: 'El evento reportable no existe o no está a su alcance',
    /** (ours) a pageKey that is not first, last, after:{key} or before:{key}, or a key this list did not give. */
    invalidPageKey: 'La posición de la página no es válida',
    /** (ours) a page number far from the first page without a page key (keyset paging, docs/api.md 'Paging'). */
    pageTooFar: 'Esa página está demasiado lejos del comienzo: use los botones del paginador',
    /** Empty list text (event spec §2.6). */
    empty: (things: string) => `No se encontraron ${things} asociados`,
  },
  search: {
    /** (ours) event spec §5: modification end before its start. */
    modificationRange: 'La fecha de fin de modificación debe ser posterior a la de inicio',
    /** (ours) the same rule for the creation dates. */
    creationRange: 'La fecha de fin de creación debe ser posterior a la de inicio',
    /** (ours, Señales' 'a') a month of receipt that is not AAAA-MM. */
    receiptMonthFormat: 'El mes de recepción no es válido: use el formato AAAA-MM',
    /** (ours, Señales' 'a') the laboratory of the drug without a drug filter. */
    drugLaboratoryWithoutDrug: 'El laboratorio del fármaco requiere un principio activo o un producto',
    /** (ours) the receipt months' end before their start. */
    receiptRange: 'El mes de recepción «hasta» no puede ser anterior al mes «desde»',
    /** (ours) a pageSize other than the search's. */
    invalidPageSize: 'El tamaño de página de la búsqueda debe ser 20',
    /** (ours) a filter id that names no enabled row of its list. */
    unknownFilter: (filter: string) => `El filtro ${filter} no existe o no está habilitado`,
    /** (ours) an export past Excel's row limit. */
    tooManyRows: (rows: string) => `La búsqueda encuentra ${rows} eventos, más de lo que admite una hoja de Excel (1.048.576 filas): acote los filtros`,
    /** (ours) the export failed in the browser. */
    exportFailed: 'No se pudo descargar el Excel. Intente de nuevo.',
    /** (ours) a body field the search does not know (its bodies are strict). */
    unknownField: 'La búsqueda recibió un campo que no admite',
    /** (ours) a page number past the last page of an exactly counted search. */
    pagePastEnd: (pages: number) =>
      pages === 0 ? 'La página solicitada no existe: la búsqueda no encuentra eventos' : `La página solicitada no existe: la búsqueda tiene ${pages} ${pages === 1 ? 'página' : 'páginas'}`,
    /** (ours) every export slot stayed busy while this export waited (503). */
    exportBusy: 'El servidor está generando muchos Excel a la vez. Intente nuevamente en unos segundos',
  },
  hub: {
    newEvents: 'Nuevos Eventos',
    newEventsText: 'Llegaron nuevos reportes o eventos. Recargue la lista para verlos.',
    configurationChanged: 'Cambio en la configuración',
    configurationChangedText: 'Los parámetros del sistema cambiaron. Recargue la página para aplicarlos.',
    reload: 'Recargar',
    deadlineMissed: 'Plazo vencido',
    deadlineMissedText: (reference: string) => `El evento ${reference} no cumple sus KPI. Véalo en «Eventos que no cumplen KPI's».`,
  },
  workflow: {
    /** (ours) an action the workflow table does not allow from the current status. */
    actionNotAllowed: 'La acción no está permitida en el estado actual',
    /** (ours) Imputable / NoImputable before the ten answers are given. */
    evaluationIncomplete: 'Debe completar la evaluación de imputabilidad',
    /** (ours) every action takes a comment. */
    commentRequired: 'Comentario requerido',
  },
  wizard: {
    unsavedChanges: '¡Se perderán los datos sí continúa!',
    finishTitle: 'Finalizar la creación del evento reportable',
    finishFollowUpTitle: 'Finalizar la creación del Reporte de Seguimiento',
    finishMessage:
      'Esta acción realizará las notificaciones a los usuarios correspondientes ¿Está seguro qué quiere generar el reporte?',
    originSummaryTitle: (reference: string) => `Origen de reporte ( ${reference} )`,
    addMedication: 'Agregar medicamento',
    addEvent: 'Agregar evento',
    medicineRequired: 'Debe seleccionar un medicamento',
    laboratoryRequired: 'Debe seleccionar un laboratorio',
    /** (ours, translated from the spec's English) */
    doseHelp:
      'La dosis administrada en cada toma; por ejemplo, 50 mg cada 12 horas: ingrese 50',
    otherMedications: 'Indique otros medicamentos recibidos',
    supplements: 'Indique el consumo de vitaminas, minerales, suplementos, remedios herbales',
    medicalConsultation: 'Se realizó consulta médica?',
    additionalInformation: 'Indique otra información importante acerca del paciente…',
    /** (ours) weeks of gestation outside 1–40. */
    gestationRange: 'Las semanas de gestación deben estar entre 1 y 40',
    /** (ours) origin: 'No disponible' without its reason. */
    noOriginReasonRequired: 'Debe indicar por qué no dispone del documento de origen',
    /** (ours) step 1 gate. */
    originNeeded: 'Debe adjuntar el documento de origen o indicar que no está disponible',
    /** (ours) step 2 gate. */
    medicationNeeded: 'Debe agregar al menos un medicamento relacionado',
    /** (ours) a stored medication lacks a required answer (e.g. copied from an incoming report). */
    medicationIncomplete: 'Hay medicamentos incompletos: ábralos con «Editar» y complete los datos requeridos.',
    /** (ours) a stored adverse event lacks its MedDRA term or whether it was expected. */
    adverseEventIncomplete: 'Hay eventos adversos incompletos: ábralos con «Editar» y complete los datos requeridos.',
    /** (ours) step 3 gate (GrupoId 1, SubGrupoId 1). */
    adverseEventNeeded: 'Debe agregar al menos un evento adverso',
    /** (ours) sending a case without patient data. */
    patientNeeded: 'Debe completar los datos del paciente',
    /** (ours) */
    meddraRequired: 'Debe seleccionar un término MedDRA',
    /** (ours) a write to a case that is no longer editable (sent, closed, annulled). */
    notEditable: 'El evento reportable no puede modificarse en su estado actual',
    /** (ours) a write by a user who may see the case but not edit it. */
    notEditor: 'No tiene permisos para modificar este evento reportable',
    /** (ours) a medicine not sold in the case's country. */
    productNotInCountry: 'El medicamento seleccionado no se comercializa en el país del evento',
    /** (ours) a manufacturer line that is not of the medicine's laboratory. */
    lineNotOfProduct: 'El fabricante seleccionado no corresponde al medicamento',
    /** (ours) an active ingredient that is not of the medicine. */
    ingredientNotOfProduct: 'El principio activo no corresponde al medicamento',
    /** (ours) Caracterizacion (E2B G.k.1) outside 1–4. */
    drugRoleInvalid: 'El rol del medicamento debe ser Sospechoso, Concomitante, Interactuante o No administrado',
    /** (ours) sending a case (insertER, the follow-up's send) with no suspect or interacting drug. */
    suspectDrugRequired: 'El evento debe tener al menos un medicamento sospechoso o interactuante para enviarse',
    /** (ours) a list value the list does not hold. */
    optionUnknown: (field: string) => `El valor elegido para ${field} no es válido`,
    /** (ours) an unknown record of the case (medication, RAM, previous medication, contact). */
    recordNotFound: 'El registro no existe en este evento reportable',
    /** (ours) createER with a country the user may not choose (RLF: only their own). */
    countryNotAllowed: 'No puede crear eventos reportables para el país seleccionado',
    /** (ours) createER with an unknown or unclassified report type. */
    reportTypeUnknown: 'El tipo de reporte seleccionado no es válido',
    /** (ours) a follow-up report the rules do not allow. */
    followUpNotAllowed: 'No puede crear un reporte de seguimiento para este evento en su estado actual',
    /** (ours) */
    saved: 'Datos guardados',
    /** (ours) */
    sent: 'El evento reportable fue enviado',
    /** (ours) */
    followUpSent: 'El reporte de seguimiento fue creado',
    notAvailable: 'No disponible',
    /** In place of the reporter's name, e-mail and phone for a role that may not see them (Fabricante). */
    reporterContactHidden: 'Reservado: no visible para su rol',
  },
  notes: {
    noteRequired: 'La nota es requerida',
  },
  files: {
    /** (ours) */
    tooLarge: 'El archivo supera el tamaño máximo permitido (20 MB)',
    /** (ours) */
    typeNotAllowed: 'El tipo de archivo no está permitido',
    /** (ours) */
    required: 'Debe seleccionar un archivo',
    /** (ours) the content does not match the extension (an executable renamed .pdf). */
    contentMismatch: 'El contenido del archivo no corresponde a su tipo',
    /** (ours) more than one file in one upload. */
    onlyOne: 'Solo puede adjuntar un archivo',
    /** (ours) an unknown file id. */
    notFound: 'El archivo no existe',
    /** (ours) a user over the per-user upload limit (429). */
    tooManyUploads: 'Ha enviado demasiados archivos en poco tiempo. Intente nuevamente en unos minutos',
    /** (ours) every upload slot stayed busy while this upload waited (503). */
    serverBusy: 'El servidor está recibiendo muchos archivos a la vez. Intente nuevamente en unos segundos',
  },
  ram: {
    unsavedClassification: '¡Se perderán los cambios en la calificación RAM sí continúa!',
    /** (ours) a notification (local authority, provider) without its date. */
    notificationDateRequired: 'Debe indicar la fecha de la notificación',
    /** (ours) the provider notification changed by someone other than a QPPV (spec §5, §6). */
    providerQppvOnly: 'Solo el QPPV puede registrar la notificación al proveedor',
    /** (ours) classifying outside the statuses or roles of canClassifyRam. */
    classificationNotAllowed: 'La calificación RAM no puede modificarse en el estado actual del evento',
    /** (ours) a proof attached to a notification that was not recorded. */
    notificationMissing: 'Primero debe registrar la notificación con su fecha',
  },
  recovery: {
    /** (ours) saving a recovery outside canSaveRecovery. */
    notAllowed: 'No puede modificar la recuperación del producto de este evento',
    /** (ours) the recovery's proof attached before the recovery was saved. */
    missing: 'Primero debe guardar la recuperación del producto',
    /** (ours) a recovery for a concomitant or not-administered drug (only suspect and interacting products have one). */
    notSuspect: 'Solo se registra la recuperación de medicamentos sospechosos o interactuantes',
  },
  imputability: {
    /** (ours) shown when a question is still on 'Seleccione'. */
    answerRequired: 'Debe seleccionar una opción',
    /** (ours) QPPV reviewed a question without a comment. */
    reviewCommentRequired: 'Comentario requerido',
    /** (ours) QPPV must mark each question as read. */
    readRequired: 'Debe marcar la pregunta como leída',
    /** (ours) RLF tried to change an answer QPPV already read or reviewed. */
    lockedByQppv: 'La respuesta ya fue leída o revisada por el QPPV y no puede modificarse',
    /** (ours) saving the evaluation outside the role's statuses (case-view.ts canEditEvaluation). */
    notEditable: 'La evaluación no puede modificarse en el estado actual del evento',
    /** (ours) a refused evaluation names its question (1–10): 'Pregunta 3: Debe seleccionar una opción'. */
    questionIssue: (question: number, issue: string) => `Pregunta ${question}: ${issue}`,
  },
  whoUmc: {
    /** (ours) the checklist stops before a category. */
    checklistIncomplete: 'Responda todas las preguntas de la lista de verificación WHO-UMC',
    /** (ours) an answer that is neither Sí nor No. */
    answerYesNo: 'La respuesta debe ser Sí o No',
    /** (ours) an answer to a question the checklist does not have. */
    unknownQuestion: 'Pregunta desconocida en la lista de verificación WHO-UMC',
    /** (ours) a category outside the six. */
    unknownCategory: 'Categoría WHO-UMC desconocida',
    /** (ours) a category other than the implied one without a reason. */
    overrideReasonRequired: 'Indique el motivo para cambiar la categoría que implica la lista de verificación',
    /** (ours) a reaction or suspect drug that is not the case's. */
    pairNotFound: 'La reacción o el medicamento sospechoso no pertenece al evento',
  },
  eventView: {
    header: (reference: string) => `Evento Reportable: ${reference}`,
    statusLabel: 'Estado:',
    createdBy: (firstName: string, lastName: string, date: string) => `Creado por ${firstName} ${lastName} ${date}`,
    updatedBy: (user: string, date: string) => `Actualizado por ${user} ${date}`,
  },
  settings: {
    title: 'Configuración',
    failed: 'No se pudo realizar cambios en la configuración',
    updated: 'Configuración actualizada',
    noChanges: 'No se realizaron cambios en la configuración',
    /** (ours) Validation of `settingUpdate` (docs/adr/0011-settings.md). */
    unknown: (name: string) => `La configuración «${name}» no existe`,
    unknownShort: 'La configuración indicada no existe',
    nameRequired: 'Debe indicar el nombre de la configuración',
    tooManyValues: 'Se enviaron demasiados valores',
    unknownField: 'La configuración recibió un campo que no admite',
    duplicated: (name: string) => `La configuración «${name}» se envió más de una vez`,
    readOnly: (name: string) => `La configuración «${name}» es de solo lectura y no puede modificarse`,
    clearNotAllowed: (name: string) => `La configuración «${name}» no puede borrarse`,
    invalidCharacters: (name: string) => `El valor de «${name}» contiene caracteres no válidos`,
    notBoolean: (name: string) => `El valor de «${name}» debe ser 'true' o 'false'`,
    notInteger: (name: string, min: number, max: number) => `El valor de «${name}» debe ser un número entero entre ${min} y ${max}`,
    notEmail: (name: string) => `El valor de «${name}» debe ser un correo electrónico válido`,
    notEmailList: (name: string) => `El valor de «${name}» debe ser una lista de correos electrónicos separados por coma`,
    notUrl: (name: string) => `El valor de «${name}» debe ser una dirección http:// o https:// (sin parámetros)`,
    notHost: (name: string) => `El valor de «${name}» no es un nombre de servidor válido`,
    required: (name: string) => `El valor de «${name}» no puede estar vacío`,
    tooLong: (name: string, max: number) => `El valor de «${name}» no puede superar los ${max} caracteres`,
    surroundingBlanks: (name: string) => `El valor de «${name}» no puede empezar ni terminar con espacios`,
    notIdentifier: (name: string) => `El valor de «${name}» solo admite letras, números, punto y guion bajo, sin espacios`,
    notMeddraVersion: (name: string) => `El valor de «${name}» debe ser una versión de MedDRA como 27.1, o quedar vacío`,
    notChoice: (name: string, values: readonly string[]) => `El valor de «${name}» debe ser uno de: ${values.join(', ')}`,
    notCountryCode: (name: string) => `El valor de «${name}» debe ser un código de país ISO de dos letras en mayúsculas (UY, AR…), o quedar vacío`,
    /** Screen texts. */
    save: 'Guardar',
    passwordUnchanged: 'Sin cambios',
    passwordStored: 'Hay una contraseña guardada',
    passwordNone: 'No hay contraseña guardada',
    passwordClear: 'Borrar contraseña',
    passwordWillClear: 'La contraseña se borrará al guardar',
    readOnlyNote: 'Estos valores no pueden modificarse desde la pantalla',
    /** 'Probar envío' (ours): a test mail through the current SMTP settings. */
    testMail: 'Probar envío',
    testMailTo: 'Enviar a (vacío: su correo)',
    testMailBadAddress: 'Ingrese un correo electrónico válido',
    testMailSubject: 'Atalaya: correo de prueba',
    testMailText: 'Este es un correo de prueba enviado desde la pantalla Configuración de Atalaya. Si lo recibió, el envío de correo funciona.',
    testMailSent: (to: string) => `Correo de prueba enviado a ${to}`,
    testMailNoHost: 'No hay un servidor SMTP configurado: el correo de prueba quedó en la bandeja de salida y se enviará cuando se configure uno',
    testMailFailed: (reason: string) => `No se pudo enviar el correo de prueba: ${reason}. Quedó en la bandeja de salida y se reintentará`,
    testMailCaptured: (to: string) => `Correo de prueba para ${to} puesto en la bandeja de salida (modo de captura: no se envía por SMTP)`,
    unsavedChanges: 'Guarde los cambios antes de probar el envío: la prueba usa la configuración guardada',
  },
  parameters: {
    title: 'Parametros',
    valueRequired: 'El valor no puede estar vacío',
    /** (ours) The 'Código E2B' column (docs/e2b.md). */
    e2bCodeInvalid: (value: string, format: string) => `El código E2B «${value}» no es válido: debe ser un ${format}`,
    failedTitle: 'No se pudo realizar cambios en la configuración',
    created: 'Creado correctamente',
    updatedTitle: 'Actualizado correctamente',
    updatedText: 'El elemento fue actualizado',
    disabled: 'Deshabilitado correctamente',
    enabled: 'Habilitado correctamente',
    // Server refusals of createElementCodiguera / updateElementCodiguera / deleteElementCodiguera.
    unknownTable: (table: string) => `La tabla ${table} no existe`,
    unknownColumn: (table: string, column: string) => `La tabla ${table} no tiene la columna ${column} o no se puede modificar`,
    keysValues: 'Keys y Values deben tener el mismo largo, sin columnas repetidas y al menos una',
    missingColumn: (label: string) => `Falta el valor de ${label}`,
    textTooLong: (label: string, max: number) => `${label} admite como máximo ${max} caracteres`,
    notText: (label: string) => `${label} debe ser un texto`,
    duplicate: (label: string, value: string) => `Ya existe un elemento con ${label} '${value}'`,
    countryCode: 'El código del país debe tener dos letras mayúsculas (ISO 3166-1)',
    timeZone: 'La zona horaria no es válida (por ejemplo America/Montevideo)',
    groupInvalid: 'El grupo elegido no existe o está deshabilitado',
    readOnly: (table: string) => `La tabla ${table} es de solo lectura: el sistema usa sus valores`,
    noCreate: (table: string) => `No se pueden agregar elementos a ${table}`,
    protectedRow: (reason: string) => `No se puede deshabilitar este elemento: ${reason}`,
    lockedColumn: (label: string, reason: string) => `No se puede cambiar ${label} de este elemento: ${reason}`,
    rowNotFound: 'El elemento no existe',
    invalidId: 'El identificador del elemento no es válido',
    idMismatch: 'Los identificadores del elemento no coinciden',
    unitLimit: 'No se pueden agregar más unidades de concentración (sus identificadores deben ser menores que 50)',
    countryInUse: 'No se puede deshabilitar el país: tiene usuarios activos',
  },
  metrics: {
    title: 'Metricas',
    listTitle: 'Tiempos de notificación',
    /** (ours) updateMetricTime / activeMetric of a metric id that does not exist (404), or not a valid id (400). */
    notFound: 'La métrica no existe',
    /** (ours) updateMetricTime with a time option that does not exist. */
    timeOptionNotFound: 'La opción de tiempo no existe',
    /** (ours) activeMetric without a true/false Activo. */
    activeRequired: 'Debe indicar si la métrica está activa',
    /** (ours) success notice of a time change. */
    timeUpdated: 'Tiempo de notificación actualizado',
    /** (ours) success notice of a toggle. */
    activated: 'Métrica activada',
    deactivated: 'Métrica desactivada',
    /** (ours) labels of the list. */
    timeLabel: 'Tiempo',
    activeLabel: 'Activa',
    empty: 'No hay métricas',
  },
  indicators: {
    title: 'Indicadores',
    countryLabel: 'País',
    laboratoryLabel: 'Laboratorio',
    allCountries: 'Todos los países',
    allLaboratories: 'Todos los laboratorios',
    cards: { lastMonth: 'Mes anterior', thisMonth: 'Mes actual', lastWeek: 'Semana anterior', thisWeek: 'Semana actual' },
    reports: 'Reportes',
    byStatus: 'Por estado',
    byAge: 'Por edad',
    byType: 'Por tipo de reporte',
    showTable: 'Ver como tabla',
    showChart: 'Ver gráfico',
    downloadPng: 'Descargar PNG',
    downloadCsv: 'Descargar CSV',
    columnName: 'Nombre',
    columnTotal: 'Reportes',
    columnSubGroup: 'Subgrupo',
    noData: 'No hay reportes para mostrar',
    /** (ours) a country code that is not a country (400). */
    countryNotFound: 'El país no existe',
    /** (ours) a laboratory id that is not a laboratory, or not a valid id (400). */
    laboratoryNotFound: 'El laboratorio no existe',
    /** (ours) a laboratory given with a country it does not belong to (400). */
    laboratoryNotOfCountry: 'El laboratorio no pertenece al país indicado',
    /** (ours) a country outside the user's reach (403). */
    countryOutOfReach: 'No tiene acceso a los indicadores de ese país',
    /** (ours) a laboratory outside the user's reach (403). */
    laboratoryOutOfReach: 'No tiene acceso a los indicadores de ese laboratorio',
    /** (ours) a query field the call does not take (400). */
    unknownField: 'La consulta tiene un campo desconocido',
  },
  noKpi: {
    title: "Eventos que no cumplen KPI's",
    card: 'Eventos No KPI',
    listTitle: 'Eventos que no cumplen',
    empty: 'Eventos que no cumplan con los KPIs',
    /** (ours) labels. */
    countries: 'Paises',
    allCountries: 'Todos los países',
    columns: { event: 'Evento', status: 'Estado', date: 'Fecha', kpi: 'KPI', time: 'Tiempo KPI' },
    vsLastMonth: 'respecto del mes anterior',
    /** (ours) a country code that names no country. */
    unknownCountry: 'El país no existe',
    /** (ours) a field the call does not take. */
    unknownField: 'La consulta recibió un campo que no admite',
    /** (ours) the generic failure display (spec §8: details not shown). */
    loadFailed: 'No se pudieron cargar los eventos que no cumplen KPI. Intente de nuevo.',
    late: 'Cumplido fuera de plazo',
    overdue: 'Plazo vencido',
  },
  referenceData: {
    /** (ours) a numeric path parameter that is not a positive whole number. */
    invalidId: 'El identificador no es válido',
  },
  audit: {
    /** (ours) an audit list or file whose `to` day is before its `from` day. */
    datesOutOfOrder: 'La fecha hasta debe ser igual o posterior a la fecha desde',
    /** (ours) an audit body with a field it does not take. */
    unknownField: 'La consulta de auditoría recibió un campo que no admite',
    /** (ours) a pageSize other than the audit lists'. */
    invalidPageSize: 'El tamaño de página de la auditoría debe ser 15',
    /** (ours) an unknown audit row, or one of another panel. */
    rowNotFound: 'El registro de auditoría no existe',
    /** (ours) downloadAuditFile with an unknown panel. */
    unknownPanel: 'El panel de auditoría debe ser ER, Usuarios, Configuracion o Parametros',
    /** (ours) an audit file over its row limit. */
    tooManyRows: (limit: string) => `La consulta encuentra más de ${limit} registros de auditoría: acote las fechas o los filtros`,
    /** (ours) a reference prefix that matches too many cases for the list across cases. */
    tooManyReferences: (limit: string) => `La referencia coincide con más de ${limit} eventos: escriba más caracteres de la referencia`,
    /** (ours) the download failed in the browser. */
    downloadFailed: 'No se pudo descargar el archivo de auditoría. Intente de nuevo.',
  },
  pdf: {
    /** (ours) getERPDF of a case in status Pendiente or Anulado (event spec §4: no PDF export). */
    notAllowed: 'No se puede generar el PDF de un evento reportable Pendiente o Anulado',
    /** (ours) an unknown stored PDF of the case. */
    notFound: 'El PDF solicitado no existe',
    /** (ours) a user over the per-user limit of PDF generations (429). */
    tooManyPdfs: 'Ha solicitado demasiados PDF en poco tiempo. Intente nuevamente en unos minutos',
    /** (ours) an unknown follow-up report, or one whose case is out of reach. */
    followUpNotFound: 'El reporte de seguimiento no existe o no está a su alcance',
    /** (ours) a follow-up report with no file. */
    followUpFileNotFound: 'El reporte de seguimiento no tiene archivo',
  },
  /** (ours) the E2B(R3) export: each problem names the data element by number and Spanish name. */
  e2bExport: {
    problem: (element: string, name: string, problem: string) => `${element} ${name}: ${problem}`,
    missing: 'falta',
    tooLong: (max: number) => `supera los ${max} caracteres`,
    notAllowed: (value: string) => `el valor «${value}» no está permitido`,
    nullFlavorNotAllowed: (flavor: string) => `no admite el nullFlavor ${flavor}`,
    notANumber: 'debe ser un número',
    notLetters: 'debe tener solo letras',
    dateFormat: 'la fecha no tiene el formato de E2B (AAAA[MM[DD[hhmmss]]])',
    future: 'la fecha no puede ser futura',
    after: (element: string, name: string) => `es posterior a ${element} ${name}`,
    mustEqual: (element: string, name: string) => `debe ser igual a ${element} ${name}`,
    primarySources: (count: number) => `debe haber exactamente una fuente primaria a efectos regulatorios (hay ${count})`,
    noSuspect: 'ningún medicamento es sospechoso o interactuante (G.k.1 = 1 o 3)',
    noReaction: 'el caso no tiene reacciones',
    noDrug: 'el caso no tiene medicamentos',
    studyMissing: 'un informe de estudio (C.1.3 = 2) debe identificar el estudio',
    reasonMissing: 'falta el motivo de la anulación o enmienda',
    /** The title of a refused export. */
    refused: 'La exportación E2B no cumple las reglas de ICH: complete el caso y vuelva a generarla',
    schemaNotChecked: 'No se verificó el esquema XSD de ICH: el servidor no tiene configurada la carpeta del esquema (ATALAYA_E2B_XSD_DIR)',
    schemaProblem: (line: number, message: string) => `Esquema XSD de ICH, línea ${line}: ${message}`,
    receiverUnknown: 'Seleccione un receptor E2B de la lista',
    pendingCase: 'Un caso Pendiente no se exporta: finalice el ingreso primero',
    historicCase: 'Un caso histórico solo admite la exportación en PDF: ya fue notificado desde el sistema del que se importó',
    annulledNeverSent: 'El caso anulado nunca se envió a este receptor: no hay nada que anular',
    submissionNotFound: 'El envío E2B no existe',
    notGenerated: 'Solo un envío generado puede marcarse como enviado',
    ackInvalid: 'El archivo no es un acuse de recibo E2B (MCCI_IN200101UV01) legible',
    ackUnknownBatch: (batch: string) => `El acuse de recibo corresponde al lote ${batch}, que no es un envío de este caso`,
    ackNotSent: 'Marque el envío como enviado antes de cargar su acuse de recibo',
    /** E.i.2.1a when no MedDRA release was imported and Configuración names no fallback version. */
    meddraVersionUnknown:
      'E.i.2.1a Versión de MedDRA de la reacción: no se conoce la versión del diccionario cargado; importe la versión de MedDRA o indique la versión de reserva en Configuración (Intercambio E2B)',
    ackEmpty: 'Seleccione el archivo del acuse de recibo',
    /** A reference-list value whose element needs a code it lacks (Parámetros' 'Código E2B'). */
    noE2bCode: (value: string) => `'${value}' no tiene código E2B; asígnelo en Parámetros`,
    /** FDA warnings kept with the submission (docs/e2b.md 'FDA'). */
    warningsTitle: 'Avisos de la FDA (no impiden el envío)',
  },
  /** (ours) The batch export of a selection of the event search (docs/e2b.md). */
  e2bBatch: {
    casesRequired: 'Seleccione al menos un caso para exportar',
    tooMany: (max: number) => `Un lote E2B admite como máximo ${max.toLocaleString('es')} casos: seleccione menos`,
    caseInvalid: 'Uno de los casos seleccionados no es válido',
    caseNotFound: 'Uno de los casos seleccionados no existe o no está a su alcance',
    /** The title of a batch none of whose cases could be exported. */
    refused: 'Ningún caso seleccionado cumple las reglas de ICH: no se generó el lote E2B',
    batchNotFound: 'El lote E2B no existe o alguno de sus casos no está a su alcance',
    batchInvalid: 'El número de lote E2B no es válido',
  },
  /** (ours) The E2B receivers of Configuración (docs/e2b.md). */
  e2bReceivers: {
    codeRequired: 'Indique el identificador del receptor',
    codeTooLong: (max: number) => `El identificador del receptor no puede superar los ${max} caracteres`,
    codeInvalid: 'El identificador del receptor solo admite letras, números, punto, guion y guion bajo, sin espacios',
    nameRequired: 'Indique el nombre del receptor',
    nameTooLong: (max: number) => `El nombre del receptor no puede superar los ${max} caracteres`,
    nameInvalid: 'El nombre del receptor no puede empezar ni terminar con espacios ni contener caracteres de control',
    duplicated: (code: string) => `Ya existe un receptor con el identificador ${code}`,
    notFound: 'El receptor E2B no existe',
    codeLocked: (code: string) => `El receptor ${code} ya tiene envíos: su identificador no puede cambiarse`,
    inUse: (code: string) => `El receptor ${code} tiene envíos registrados y no puede eliminarse`,
    unknownField: 'El receptor recibió un campo que no admite',
    saved: 'Receptor guardado',
    deleted: 'Receptor eliminado',
  },
  caseFiles: {
    /** (ours) uploadDocAndNotes with an action other than insert, update, insertPostCreated. */
    actionUnknown: 'La acción solicitada no es válida',
    /** (ours) uploadDocAndNotes 'update' without the id of the document or note. */
    documentRequired: 'Debe indicar el documento o nota a modificar',
  },
  dataImport: {
    /** Platform spec §2 'Importación de datos': the screen and its two panels. */
    title: 'Importación de datos',
    productsPanel: 'Productos',
    meddraPanel: 'MedDRA',
    /** Spec §2: the MedDRA panel's download icon opens this modal. */
    meddraModal: 'Importar MedDRA',
    importButton: 'Importar',
    /** (ours) the catalogue template (docs/imports.md). */
    templateExcel: 'Descargar plantilla Excel',
    templateCsv: 'Descargar plantilla CSV',
    templateFailed: 'No se pudo descargar la plantilla. Intente de nuevo.',
    /** (ours) the pickers. Spec §5: a .ZIP file with an optional zip password. */
    catalogueFileLabel: 'Archivo del catálogo (.xlsx o .csv)',
    zipFileLabel: 'Archivo ZIP de MedDRA',
    zipPasswordLabel: 'Contraseña del ZIP (opcional)',
    zipRequired: 'Debe seleccionar un archivo .ZIP',
    catalogueFileRequired: 'Debe seleccionar un archivo .XLSX o .CSV',
    /** (ours) notices. */
    started: 'Importación iniciada',
    startedDetail: (code: string) => `La importación ${code} quedó pendiente; su avance se muestra en la lista.`,
    cancelled: 'Importación cancelada',
    reportFailed: 'No se pudo descargar el informe de errores. Intente de nuevo.',
    /** (ours) the lists. */
    meddraListTitle: 'Importaciones de MedDRA',
    dataListTitle: 'Importaciones de productos',
    empty: 'No hay importaciones',
    loadFailed: 'No se pudieron cargar las importaciones',
    columns: {
      code: 'Código',
      version: 'Versión',
      user: 'Usuario',
      file: 'Archivo',
      start: 'Inicio',
      end: 'Fin',
      status: 'Estado',
      progress: 'Progreso',
      table: 'Tabla',
      inserted: 'Insertados',
    },
    loading: (table: string) => `Cargando ${table}`,
    errorReport: 'Descargar informe de errores',
    errorCount: (count: number) => (count === 1 ? '1 error en el archivo' : `${count} errores en el archivo`),
    details: 'Ver tablas',
    hideDetails: 'Ocultar tablas',
    tablesOf: (code: string) => `Tablas de la importación ${code}`,
    noTables: 'Todavía no hay tablas',
    cancel: 'Cancelar',
    cancelTitle: 'Cancelar importación',
    cancelConfirm: (code: string) => `¿Está seguro de que quiere cancelar la importación ${code}? No se cargará ningún dato de ella.`,
    cancelYes: 'Cancelar importación',
    cancelNo: 'Volver',
  },
  imports: {
    /** (ours) what each kind of import is called in its messages. */
    kindLabel: { meddra: 'MedDRA', data: 'productos', e2b: 'E2B(R3)', duplicates: 'búsqueda de duplicados' },
    /** (ours) an upload while another import of the same kind is pending or running (409). */
    alreadyRunning: (kind: string) => `Ya hay una importación de ${kind} en curso`,
    /** (ours) an upload without a file. */
    fileRequired: 'Debe seleccionar un archivo',
    /** Platform spec §5: the MedDRA release is a .ZIP file (by its name). */
    zipRequired: 'Debe seleccionar un archivo .ZIP',
    /** (ours) a .zip whose content is not a zip archive. */
    notAZip: 'El archivo no es un archivo .ZIP válido',
    /** (ours) a product catalogue that is neither .xlsx nor .csv (by its name). */
    dataFileRequired: 'Debe seleccionar un archivo .XLSX o .CSV',
    /** (ours) a .xlsx or .csv whose content is not of its kind. */
    dataFileInvalid: 'El contenido del archivo no corresponde a un .XLSX o .CSV',
    /** (ours) an upload over the imports' size limit (413). */
    tooLarge: (megabytes: string) => `El archivo supera el tamaño máximo permitido para una importación (${megabytes} MB)`,
    /** (ours) a zip password longer than any real one. */
    passwordTooLong: 'La contraseña del archivo es demasiado larga',
    /** (ours) a code_import that is not of the form MED-2026-0001 / DAT-2026-0001. */
    invalidCode: 'El código de importación no es válido',
    /** (ours) an unknown code_import (or one of the other kind). */
    notFound: 'La importación no existe',
    /** (ours) cancelimport of an import that already ended (409). */
    alreadyFinished: 'La importación ya terminó y no se puede cancelar',
    /** (ours) an import whose kind this server cannot process yet. */
    noHandler: 'Este servidor todavía no puede procesar este tipo de importación',
    /** (ours) an import ended by an unexpected failure (the incident is logged). */
    unexpected: 'La importación falló por un error inesperado del servidor; vuelva a intentarlo',
    /** (ours) an import interrupted (its server stopped) more times than the limit. */
    interrupted: 'La importación se interrumpió varias veces; vuelva a intentarlo',
    /** (ours) the first line of the error report of an import that has no reason of its own. */
    reportStatus: { E: 'La importación terminó con errores', D: 'La importación está en curso', C: 'La importación fue cancelada', S: 'La importación terminó sin errores', P: 'La importación está pendiente' },
    /** (ours) the error report's columns. */
    reportColumns: ['Hoja', 'Fila', 'Columna', 'Mensaje'],
    /** (ours) the error report's last line when it holds fewer errors than were found. */
    reportTruncated: (shown: string, total: string) => `Se muestran los primeros ${shown} de ${total} errores`,
    /** (ours) audit descriptions (Configuración panel). */
    auditStarted: (kind: string, code: string) => `Importación de ${kind} ${code} iniciada`,
    auditCancelled: (kind: string, code: string) => `Importación de ${kind} ${code} cancelada`,
  },
  catalogImport: {
    /** (ours) the reason of a product catalogue import whose rows do not validate: nothing was written. */
    rejected: (count: number, listed: number) =>
      `El archivo tiene ${count.toLocaleString('es-UY')} ${count === 1 ? 'error' : 'errores'}; descargue el informe${listed < count ? ` (lista los primeros ${listed.toLocaleString('es-UY')})` : ''}, corrija las filas indicadas y vuelva a importarlo. No se guardó nada.`,
    /** (ours) a file that is neither a workbook nor a CSV the import can read. */
    notReadable: 'El archivo no se pudo leer como libro de Excel (.xlsx): vuelva a guardarlo desde Excel o como CSV UTF-8',
    /** (ours) an Excel 97-2003 workbook. */
    oldExcel: 'El formato .xls (Excel 97-2003) no se admite: guarde el archivo como libro de Excel (.xlsx) o como CSV UTF-8',
    /** (ours) a workbook whose parts are too many or too large once uncompressed. */
    workbookTooLarge: 'El libro de Excel es demasiado grande una vez descomprimido o tiene demasiadas partes',
    /** (ours) a file with no sheet of the catalogue. */
    notCatalog: 'El archivo no tiene ninguna hoja del catálogo (Paises, Empresas, Laboratorios, Lineas, Familias, PrincipiosActivos, Productos, ProductoPrincipios)',
    /** (ours) a CSV whose name and header name no sheet (or whose header fits several). */
    csvSheetUnknown: 'No se reconoce la hoja del archivo CSV: llámelo como la hoja (por ejemplo Productos.csv) y use los nombres de columna de la plantilla',
    /** (ours) two worksheets of the workbook are the same sheet of the catalogue. */
    sheetTwice: (sheet: string) => `La hoja ${sheet} aparece más de una vez en el archivo`,
    /** (ours) a sheet past the row limit. */
    tooManyRows: (limit: number) => `La hoja tiene más de ${limit.toLocaleString('es-UY')} filas: divídala en varios archivos`,
    /** (ours) a sheet whose first row is empty. */
    headerMissing: 'La fila 1 debe llevar los nombres de las columnas',
    /** (ours) a required column missing from the header. */
    missingColumn: 'Falta esta columna obligatoria',
    /** (ours) a header cell that is no column of the sheet. */
    unknownColumn: (sheet: string) => `La columna no es de la hoja ${sheet}: revise su nombre en la plantilla`,
    /** (ours) a column named twice in the header. */
    duplicateColumn: 'La columna aparece más de una vez',
    /** (ours) a CSV quoted value still open at the end of the file. */
    unclosedQuote: 'Un valor entre comillas no se cierra antes del final del archivo',
    /** (ours) a CSV record past the size limit (a quote left open, usually). */
    rowTooLong: 'La fila es demasiado larga: revise las comillas',
    /** (ours) a row with more values than the header has columns. */
    extraValues: 'La fila tiene más valores que columnas el encabezado',
    required: 'El valor es obligatorio',
    tooLong: (max: number) => `Tiene más de ${max} caracteres`,
    nul: 'Contiene el carácter nulo (NUL), que no se admite',
    control: 'Contiene saltos de línea u otros caracteres de control',
    /** (ours) a formula cell whose value is an error (#N/A, #REF!…). */
    cellError: (error: string) => `La celda tiene un error (${error})`,
    flag: 'Debe ser Sí o No',
    number: 'Debe ser un número mayor o igual a 0, con coma o punto decimal (12,5)',
    countryCode: 'Debe ser el código ISO de dos letras del país (UY, AR…)',
    timeZone: 'No es una zona horaria IANA (por ejemplo America/Montevideo)',
    duplicateCode: (row: number) => `El código ya aparece en la fila ${row}`,
    duplicateIngredient: (row: number) => `El principio activo ya figura para este producto en la fila ${row}`,
    /** What a reference names, for `unknownReference`. */
    referenceNames: {
      Paises: 'El país',
      Empresas: 'La empresa',
      Laboratorios: 'El laboratorio',
      Lineas: 'La línea',
      Familias: 'La familia',
      PrincipiosActivos: 'El principio activo',
      Productos: 'El producto',
    },
    unknownReference: (what: string, code: string) => `${what} ${code} no está en el archivo ni en la base de datos`,
    unknownListValue: (list: string, value: string) => `${value} no es un valor (Value ni ImportCodigo) de la lista ${list}`,
    lineOfOtherLaboratory: (line: string, laboratory: string) => `La línea ${line} no es del laboratorio ${laboratory}`,
    companyCountryChanged: (current: string) => `No se puede cambiar el país de una empresa existente (hoy ${current}): use un código nuevo`,
    laboratoryCompanyChanged: (current: string) => `No se puede cambiar la empresa de un laboratorio existente (hoy ${current}): use un código nuevo`,
    lineLaboratoryChanged: (current: string) => `No se puede cambiar el laboratorio de una línea existente (hoy ${current}): use un código nuevo`,
    /** (ours) a unique or foreign key broken by a change made while the file was loading. */
    changedMeanwhile: 'El catálogo cambió mientras se importaba el archivo: vuelva a importarlo',
    templateFormat: 'El formato de la plantilla debe ser xlsx o csv',
    templateSheet: 'La hoja debe ser una de: Paises, Empresas, Laboratorios, Lineas, Familias, PrincipiosActivos, Productos, ProductoPrincipios',
    templateCsvNeedsSheet: 'Para descargar la plantilla en CSV indique la hoja (sheet)',
    /** The audit row of an import that changed the catalogue. */
    auditDescription: (code: string, fileName: string) => `Importación del catálogo de productos ${code} (${fileName})`,
    auditSummary: (inserted: number, updated: number, removed?: number) =>
      `${inserted} nuevos, ${updated} modificados${removed === undefined ? '' : `, ${removed} quitados`}`,
  },
  meddraImport: {
    /** (ours) the upload is not a zip file, or a damaged one. */
    notZip: 'El archivo no es un ZIP válido o está dañado',
    /** (ours) an encrypted zip uploaded without its password. */
    passwordRequired: 'El archivo ZIP está protegido con contraseña: indíquela para importarlo',
    /** (ours) the password does not open the zip. */
    wrongPassword: 'La contraseña del archivo ZIP no es correcta',
    /** (ours) more entries than a MedDRA distribution has. */
    tooManyEntries: (max: string) => `El archivo ZIP tiene más de ${max} archivos: no es una distribución de MedDRA`,
    /** (ours) an entry larger, uncompressed, than the import takes (a zip bomb). */
    entryTooLarge: (file: string, max: string) => `El archivo ${file} del ZIP supera, descomprimido, el máximo de ${max}`,
    /** (ours) the release's files together larger, uncompressed, than the import takes. */
    totalTooLarge: (max: string) => `Los archivos del ZIP superan, descomprimidos, el máximo de ${max}`,
    /** (ours) an entry that inflates to more bytes than the zip declares. */
    sizeMismatch: (file: string) => `El archivo ${file} del ZIP no tiene el tamaño que el ZIP declara: el ZIP está dañado o manipulado`,
    /** (ours) an entry named with '..' or an absolute path. */
    unsafeEntryName: (name: string) => `El archivo ZIP contiene una ruta no permitida: ${name}`,
    /** (ours) a required file of the release is not in the zip. */
    fileMissing: (file: string) => `Falta el archivo ${file} de la distribución de MedDRA en el ZIP`,
    /** (ours) one SMQ file without the other. */
    smqIncomplete: (present: string, missing: string) => `El ZIP trae ${present} pero no ${missing}: se necesitan los dos archivos de SMQ`,
    /** (ours) two entries with the same file name in different folders. */
    fileTwice: (file: string) => `El ZIP contiene más de un archivo ${file}`,
    /** (ours) a file without a single record. */
    fileEmpty: (file: string) => `El archivo ${file} no tiene registros`,
    /** (ours) a line of another layout: the count of '$'-separated fields. */
    fieldCount: (file: string, line: number, expected: number, found: number) =>
      `${file}, línea ${line}: tiene ${found} campos separados por $ y el formato de MedDRA tiene ${expected}`,
    /** (ours) a field that must hold a MedDRA code (a number). */
    notACode: (file: string, line: number, field: number) => `${file}, línea ${line}: el campo ${field} debe ser un código numérico`,
    /** (ours) a field that must hold a whole number. */
    notANumber: (file: string, line: number, field: number) => `${file}, línea ${line}: el campo ${field} debe ser un número entero`,
    /** (ours) a term without its name. */
    nameMissing: (file: string, line: number) => `${file}, línea ${line}: falta el nombre del término`,
    /** (ours) llt_currency or primary_soc_fg other than Y or N. */
    flagInvalid: (file: string, line: number, field: number) => `${file}, línea ${line}: el campo ${field} debe ser Y o N`,
    /** (ours) meddra_release.asc without a version number. */
    versionInvalid: (found: string) => `meddra_release.asc: la versión «${found}» no es un número de versión de MedDRA`,
    /** (ours) a line too long for a MedDRA file. */
    lineTooLong: (file: string, line: number) => `${file}, línea ${line}: la línea es demasiado larga para un archivo de MedDRA`,
    /** (ours) a file whose lines are partly UTF-8 and partly another encoding. */
    mixedEncoding: (file: string, line: number) => `${file}, línea ${line}: el archivo mezcla codificaciones de caracteres (UTF-8 y otra)`,
    /** (ours) the same code twice in a file. */
    codeRepeated: (file: string, line: number, code: number) => `${file}, línea ${line}: el código ${code} está repetido`,
    /** (ours) a code that refers to a term the release does not have. */
    codeUnknown: (file: string, line: number, level: string, code: number) => `${file}, línea ${line}: el ${level} ${code} no está en la distribución`,
    /** (ours) a PT with two primary SOCs in mdhier.asc. */
    twoPrimarySocs: (line: number, code: number) => `mdhier.asc, línea ${line}: el PT ${code} tiene más de un SOC primario`,
    /** (ours) the files of the release disagree with one another: the first problem, and how many more the error report lists. */
    inconsistent: (first: string, others: number, more: boolean) =>
      `${first} (y ${more ? 'al menos ' : ''}${others} ${others === 1 ? 'problema' : 'problemas'} más: vea el informe de errores)`,
  },
  e2bImport: {
    /** (ours) the file is larger than an E2B(R3) batch may be. */
    tooLarge: (megabytes: string) => `El archivo supera el tamaño máximo de un lote E2B(R3) (${megabytes} MB): divídalo en lotes más pequeños`,
    /** (ours) a file that is not UTF-8. */
    notUtf8: 'El archivo no está codificado en UTF-8, como exige E2B(R3)',
    /** (ours) an encoding other than UTF-8 declared by the XML declaration. */
    encoding: (declared: string) => `El archivo declara la codificación ${declared}; E2B(R3) exige UTF-8`,
    /** (ours) a DOCTYPE (a DTD): the way in of external entities (XXE) and entity expansion (billion laughs). */
    doctype: 'El archivo declara un DTD (<!DOCTYPE>), que un mensaje E2B(R3) no lleva y que no se admite por seguridad (entidades externas o expansivas)',
    /** (ours) elements nested deeper than any ICSR. */
    tooDeep: (max: number, line: number) => `Línea ${line}: los elementos están anidados a más de ${max} niveles; un mensaje E2B(R3) no los tiene`,
    /** (ours) a report with more elements than any ICSR. */
    tooManyElements: (max: string) => `Un informe del lote tiene más de ${max} elementos; un mensaje E2B(R3) no los tiene`,
    /** (ours) a batch with more reports than the import takes. */
    tooManyReports: (max: string) => `El lote tiene más de ${max} informes: divídalo en lotes más pequeños`,
    /** (ours) an XML syntax error, with the parser's own detail. */
    malformed: (line: number, column: number, detail: string) => `El XML no está bien formado (línea ${line}, columna ${column}): ${detail}`,
    /** (ours) the root is not the ICSR batch. */
    notBatch: (root: string) => `El archivo no es un lote ICSR E2B(R3): su elemento raíz es ${root} y debe ser MCCI_IN200100UV01 (espacio de nombres urn:hl7-org:v3)`,
    /** (ours) an acknowledgement uploaded as a batch. */
    isAck: 'El archivo es un acuse de recibo (MCCI_IN200101UV01), no un lote de informes: súbalo en los envíos E2B del caso',
    /** (ours) a batch without a single PORR_IN049016UV. */
    noReports: 'El lote no contiene ningún informe (PORR_IN049016UV)',
    /** (ours) the official schema refused the file: its message and line. */
    schemaInvalid: (line: number, detail: string) => `El archivo no cumple el esquema ICH E2B(R3) (línea ${line}): ${detail}`,
    /** (ours) a report without C.1.1. */
    noSafetyReportId: (index: number) => `El informe ${index} del lote no tiene C.1.1 (identificador del informe del remitente)`,
    /** (ours) the upload's fields. */
    modeRequired: 'Indique si los informes se importan a la bandeja de reportes entrantes o como casos históricos',
    countryRequired: 'Indique el país (código ISO de dos letras) en el que se registran los informes',
    countryUnknown: 'El país indicado no existe',
    productRequired: 'Indique el producto del catálogo para los medicamentos sospechosos que no estén en él',
    productUnknown: 'El producto indicado no existe o está deshabilitado',
    productOutOfReach: 'El producto indicado es de un laboratorio fuera de su alcance',
    countryOutOfReach: 'El país indicado está fuera de su alcance',
    /** (ours) a file that is not .xml (by its name or content). */
    xmlRequired: 'Debe seleccionar un archivo .XML (un lote E2B(R3))',
    notXml: 'El contenido del archivo no corresponde a un archivo XML',
    /** (ours) the import of a batch whose reports were all refused. */
    noneStored: 'No se pudo importar ningún informe del lote: vea el acuse de recibo',
    /** (ours) a report already imported (same C.1.1 and N.2.r.1). */
    duplicate: (reference: string) => `El informe ya fue importado (${reference})`,
    followUp: (worldwideCaseId: string, reference: string) =>
      `El informe es una versión nueva (seguimiento) del caso ${worldwideCaseId}, que ya está en Atalaya como ${reference}: la importación no modifica un caso existente; registre el seguimiento en ${reference}`,
    /** (ours) the ACK of an import that has none yet. */
    noAck: 'La importación todavía no tiene acuse de recibo',
    notE2b: 'La importación no es de E2B(R3)',
    /** (ours) the preview and the import's report. */
    unknownMeddra: (code: string) => `El código LLT ${code} no está en el diccionario MedDRA cargado`,
    /** (ours) the audit row of an import of historic cases or incoming reports. */
    auditCase: (code: string, safetyReportId: string) => `Caso histórico importado de E2B(R3) (${code}, C.1.1 ${safetyReportId})`,
    caseHistory: (code: string, safetyReportId: string) => `Caso histórico importado de un lote E2B(R3) (${code}, C.1.1 ${safetyReportId})`,
    /** (ours) a confirmation before the file was read, or of a refused import (409). */
    notReady: 'La importación todavía no terminó de leer el archivo, o lo rechazó: no hay informes que confirmar',
    /** (ours) a second confirmation (409). */
    alreadyConfirmed: 'Los informes de esta importación ya fueron guardados',
    /** (ours) the audit row of a confirmed import. */
    auditImported: (code: string, stored: number, mode: string) => `Importación E2B(R3) ${code} confirmada: ${stored} ${stored === 1 ? 'informe guardado' : 'informes guardados'} (${mode})`,
    modeLabel: { inbox: 'bandeja de entrada', historic: 'casos históricos' },
    /** (ours) how an incoming report or a historic case says where it came from. */
    origin: (code: string, senderId: string, safetyReportId: string) => `Lote E2B(R3) ${code} de ${senderId || 'remitente sin identificar'}, C.1.1 ${safetyReportId}`,
    /** (ours) the progress entry of the job. */
    reportsTable: 'Informes del lote',
  },
  duplicates: {
    title: 'Posibles duplicados',
    none: 'No se encontraron posibles duplicados',
    /** (ours) the folded card of the case view, candidates found: what 'Ver' opens. */
    folded: (count: number) => (count === 1 ? 'Un caso se parece a este: «Ver» lo muestra con su puntaje.' : `${count} casos se parecen a este: «Ver» los muestra con su puntaje.`),
    screenTitle: 'Duplicados',
    isDuplicate: 'Es duplicado',
    notDuplicate: 'No es duplicado',
    compare: 'Comparar',
    score: 'Puntaje',
    master: 'Caso a conservar (maestro)',
    commentRequired: 'Debe ingresar un comentario',
    /** (ours) a pair already decided (409). */
    alreadyDecided: 'Ese par ya fue evaluado',
    /** (ours) the other case of the pair is unknown or out of reach. */
    otherNotFound: 'El otro caso no existe o no está a su alcance',
    /** (ours) the same case on both sides. */
    samePair: 'Un caso no puede ser duplicado de sí mismo',
    /** (ours) a master that is not one of the pair. */
    masterNotInPair: 'El caso a conservar debe ser uno de los dos del par',
    /** (ours) a case already marked duplicate of another (409). */
    alreadyDuplicate: (reference: string) => `El caso ya fue marcado como duplicado de ${reference}`,
    /** (ours) the report already triaged (entered, discarded). */
    reportClosed: 'El reporte ya no está pendiente de triaje',
    /** (ours) neither or both subjects given. */
    subjectRequired: 'Debe indicar un caso (Meta) o un reporte (HomeReportId), no ambos',
    /** (ours) the comment of the history rows. */
    markedComment: (master: string, comment: string) => `Marcado como duplicado de ${master}: ${comment}`,
    auditDuplicate: (duplicate: string, master: string) => `${duplicate} marcado como duplicado de ${master}`,
    auditNotDuplicate: (a: string, b: string) => `${a} y ${b} marcados como no duplicados`,
    duplicateOf: 'Duplicado de',
    linked: 'Duplicados vinculados',
    loadFailed: 'No se pudieron cargar los posibles duplicados. Intente de nuevo.',
    /** (ours) a malformed page cursor of the 'Duplicados' list. */
    invalidCursor: 'El cursor de la página no es válido',
    scanAll: 'Buscar en todo el registro',
    scanRunning: 'Buscando duplicados en todo el registro…',
    scanDone: (cases: number) => `Última búsqueda en todo el registro: ${cases} casos revisados`,
    scanFailed: 'La búsqueda en todo el registro no terminó',
    scanCases: 'Casos',
    more: 'Ver más',
  },
} as const;
