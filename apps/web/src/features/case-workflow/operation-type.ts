/** Operation types of the history (event spec §4). */
export function operationTypeLabel(type: 'I' | 'U' | 'D'): string {
  return { I: 'Creado', U: 'Actualizado', D: 'Borrado' }[type];
}
