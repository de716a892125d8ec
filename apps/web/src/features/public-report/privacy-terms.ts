/** The twelve sections of the public site's privacy policy and terms of use. */
export const PRIVACY_TERMS_SECTIONS: readonly { title: string; text: string }[] = [
  {
    title: 'Finalidad',
    text: 'Este sitio recibe reportes de sospechas de reacciones adversas y otros problemas relacionados con medicamentos, enviados por pacientes, familiares y profesionales de la salud. La información se usa exclusivamente para la farmacovigilancia: evaluar cada caso, detectar riesgos y proteger la salud de los pacientes.',
  },
  {
    title: 'Responsable del tratamiento',
    text: 'El responsable de los datos es el titular del registro del medicamento a través de su persona calificada responsable de farmacovigilancia (QPPV) y de su oficina local en cada país. Ellos custodian la información y responden por su uso adecuado.',
  },
  {
    title: 'Datos que recopilamos',
    text: 'Del paciente solo pedimos iniciales, sexo, fecha de nacimiento, peso, altura y, si corresponde, embarazo y lactancia; además, la descripción de la reacción, los medicamentos usados y la historia clínica relevante. De quien reporta, los datos de contacto que decida darnos. Nunca pedimos el nombre completo ni el documento del paciente.',
  },
  {
    title: 'Base legal',
    text: 'Tratamos estos datos en cumplimiento de la obligación legal de farmacovigilancia que la normativa sanitaria impone a los titulares de registro, y por razones de interés público en el ámbito de la salud pública, con su consentimiento expreso para ser contactado cuando lo otorga.',
  },
  {
    title: 'Comunicación a autoridades sanitarias',
    text: 'Los casos evaluados se notifican a la autoridad sanitaria del país donde ocurrieron (por ejemplo, el Ministerio de Salud Pública) y, cuando la normativa lo exige, a otros organismos de farmacovigilancia. Se comparten de forma seudonimizada: sin datos que identifiquen directamente al paciente ni, salvo que usted lo autorice, a quien reporta.',
  },
  {
    title: 'Conservación',
    text: 'Los reportes se conservan durante todo el tiempo en que el medicamento esté autorizado y, como mínimo, diez años después de que deje de estarlo, según exigen las buenas prácticas de farmacovigilancia. Un reporte no se elimina: puede anularse, pero queda registrado.',
  },
  {
    title: 'Sus derechos',
    text: 'Puede solicitar el acceso, la rectificación o la actualización de sus datos de contacto, y retirar su consentimiento para ser contactado, escribiendo al contacto indicado más abajo. Por tratarse de una obligación legal, la información de seguridad del caso no puede borrarse, pero sí se corregirá si es inexacta.',
  },
  {
    title: 'Seguridad',
    text: 'La información viaja cifrada y se guarda en servidores con acceso restringido. Solo el personal de farmacovigilancia autorizado puede consultarla, y cada acceso o cambio queda registrado en una auditoría.',
  },
  {
    title: 'Menores de edad',
    text: 'Si la reacción afecta a un menor, el reporte debe enviarlo su madre, padre, tutor o el profesional de la salud que lo atiende. Los datos del menor se tratan con la misma reserva y solo con fines de farmacovigilancia.',
  },
  {
    title: 'Contacto',
    text: 'Para consultas sobre su reporte o sobre el uso de sus datos, escriba al responsable de farmacovigilancia de la compañía titular del medicamento, indicando el número de reporte que recibió al enviarlo. En una urgencia médica, consulte siempre a su médico o al servicio de emergencia.',
  },
  {
    title: 'Cambios en esta política',
    text: 'Podemos actualizar esta política para reflejar cambios en la normativa o en el servicio. La versión vigente es la publicada en este sitio; los cambios relevantes se indicarán en la página principal.',
  },
  {
    title: 'Aceptación',
    text: 'Al marcar la casilla de aceptación y enviar el reporte, usted declara haber leído esta política, que la información que aporta es verdadera según su conocimiento, y acepta que sea tratada con los fines aquí descritos.',
  },
];
