import { describe, expect, it } from 'vitest';
import { can } from './access.js';
import {
  auditLinksToEvent,
  canChooseAnyCountry,
  canCreateFollowUp,
  canEditProviderNotification,
  canEditRecovery,
  createEventMode,
} from './permissions.js';

describe('role rules', () => {
  it('decides how each role creates a case', () => {
    expect(createEventMode('Fabricante')).toBeNull();
    expect(createEventMode('ADMIN')).toBeNull();
    expect(createEventMode('QPPV')).toBe('dialog');
    expect(createEventMode('CL')).toBe('patientForm');
    expect(createEventMode('RLF')).toBe('dialog');
    expect(canChooseAnyCountry('RLF')).toBe(false);
    expect(canChooseAnyCountry('QPPV')).toBe(true);
  });

  it('hides the task lists the spec hides', () => {
    expect(can('CL', 'tasks.pending')).toBe(false);
    expect(can('ADMIN', 'tasks.pending')).toBe(false);
    expect(can('Fabricante', 'tasks.pending')).toBe(true);
    expect(can('Fabricante', 'homeReports.read')).toBe(false);
    expect(can('CL', 'homeReports.read')).toBe(false);
    expect(can('RLF', 'homeReports.read')).toBe(true);
  });

  it('refuses a QPPV follow-up in status 3', () => {
    expect(canCreateFollowUp('QPPV', 3)).toBe(false);
    expect(canCreateFollowUp('QPPV', 6)).toBe(true);
    expect(canCreateFollowUp('RLF', 3)).toBe(true);
    expect(canCreateFollowUp('RLF', 1)).toBe(false);
    expect(canCreateFollowUp('Fabricante', 6)).toBe(false);
  });

  it('limits notification, recovery and audit links by role', () => {
    expect(canEditProviderNotification('QPPV')).toBe(true);
    expect(canEditProviderNotification('RLF')).toBe(false);
    expect(canEditRecovery('QPPV', false)).toBe(false);
    expect(canEditRecovery('QPPV', true)).toBe(true);
    expect(canEditRecovery('Fabricante', false)).toBe(true);
    expect(auditLinksToEvent('ADMIN')).toBe(false);
    expect(auditLinksToEvent('QPPV')).toBe(true);
  });
});
