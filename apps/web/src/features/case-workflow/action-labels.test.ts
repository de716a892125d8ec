import { SEND_ACTIONS, WORKFLOW } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { commentActionLabel } from './action-labels';

describe('the action words of the comments', () => {
  const codes = [...new Set<string>([...SEND_ACTIONS, ...WORKFLOW.map((row) => row.action), 'Eliminar', 'Seguimiento'])];

  it.each(codes)('shows %s in Spanish words, never the code', (code) => {
    const label = commentActionLabel(code);
    // Spanish words with spaces, not a joined-up code such as 'MasInfo' or 'AprobarRLF'.
    expect(label).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]*( [a-záéíóúñA-Z]+)*$/);
  });

  it('uses the labels of the buttons that take the actions', () => {
    expect(commentActionLabel('MasInfo')).toBe('Solicitar más información');
    expect(commentActionLabel('AprobarRLF')).toBe('Aprobar');
    expect(commentActionLabel('Finalizar')).toBe('Enviar');
    expect(commentActionLabel('Imputable')).toBe('Concluir imputable');
  });

  it('keeps an unknown code as stored', () => {
    expect(commentActionLabel('Otra')).toBe('Otra');
    expect(commentActionLabel('toString')).toBe('toString');
  });
});
