import { describe, expect, it, vi } from 'vitest';
import { createHubRegistry } from './hub-registry';

describe('createHubRegistry', () => {
  it('hands a message to every handler of its event only', () => {
    const registry = createHubRegistry();
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    registry.subscribe('nuevosEventos', first);
    registry.subscribe('nuevosEventos', second);
    registry.subscribe('cambioConfiguracion', other);
    registry.dispatch('nuevosEventos', { reference: 'RH-1' });
    expect(first).toHaveBeenCalledWith({ reference: 'RH-1' });
    expect(second).toHaveBeenCalledWith({ reference: 'RH-1' });
    expect(other).not.toHaveBeenCalled();
  });

  it('stops calling a handler that unsubscribed', () => {
    const registry = createHubRegistry();
    const handler = vi.fn();
    const unsubscribe = registry.subscribe('nuevosEventos', handler);
    unsubscribe();
    registry.dispatch('nuevosEventos', {});
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps calling the other handlers when one fails, and logs the failure', () => {
    const log = { error: vi.fn() };
    const registry = createHubRegistry(log);
    const after = vi.fn();
    registry.subscribe('nuevosEventos', () => {
      throw new Error('broken screen');
    });
    registry.subscribe('nuevosEventos', after);
    registry.dispatch('nuevosEventos', {});
    expect(after).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
