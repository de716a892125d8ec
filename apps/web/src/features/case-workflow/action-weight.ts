import type { SendAction } from '@atalaya/domain';

/**
 * The weight of each offered action in the bar (issue 20: one primary, the rest quieter):
 * - primary (filled): what moves the case forward for this role and status (workflow.md):
 *   the RLF approves (2) or reactivates a returned case (4), the Fabricante approves the
 *   evaluation (5), the QPPV concludes (3, both conclusions, under one 'Concluir evaluación'
 *   menu so that neither is favoured) or, while the evaluation is incomplete, asks the
 *   manufacturer; other statuses (archived, closed) have no primary action;
 * - inline (a quiet button): one more status change, a forward one first, so that the bar stays on one row;
 * - more (the 'Más acciones' menu): every other action, the PDF and the audit last.
 */
export interface ArrangedActions<T> {
  primary: T[];
  inline: T[];
  more: T[];
}

const CONCLUSIONS: readonly SendAction[] = ['Imputable', 'NoImputable'];
const FORWARD: readonly SendAction[] = ['AprobarRLF', 'ActivarRLF', 'AprobarFabricante', 'EnEsperaFabricante'];
const MAX_INLINE = 1;

export function arrangeActions<T extends { Accion: SendAction; CambiaEstado: boolean }>(offered: readonly T[]): ArrangedActions<T> {
  const conclusions = offered.filter((action) => CONCLUSIONS.includes(action.Accion));
  const forward = FORWARD.map((code) => offered.find((action) => action.Accion === code)).find((action) => action !== undefined);
  const primary = conclusions.length > 0 ? conclusions : forward ? [forward] : [];
  const rest = offered.filter((action) => !primary.includes(action));
  // Forward actions that are not the primary one (asking the manufacturer once the QPPV may conclude) come first.
  const changing = rest
    .filter((action) => action.CambiaEstado)
    .sort((a, b) => Number(!FORWARD.includes(a.Accion)) - Number(!FORWARD.includes(b.Accion)));
  const inline = changing.slice(0, MAX_INLINE);
  const more = [...changing.slice(MAX_INLINE), ...rest.filter((action) => !action.CambiaEstado)];
  return { primary, inline, more };
}
