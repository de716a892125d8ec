import { AUDIT_PANEL_TITLES, type AuditPanel, auditLinksToEvent } from '@atalaya/domain';
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { Page } from '../../shared/layout';
import { useSession } from '../../shared/session';

import { EventPanel } from './event-panel';
import { LogPanelView } from './log-panel';

/**
 * 'Auditoría' (/audittrail; platform spec §2 'Audit trail screen'; docs/audit-trail.md): four
 * panels, each a paged list newest first with its filters, a detail modal (eye icon) and the
 * download of its audit file. ADMIN reads every case's entries, each reference as plain text.
 */
export function AuditTrailPage() {
  const { user } = useSession();
  const [panel, setPanel] = useState<AuditPanel>('ER');
  if (!user) return null;
  const linked = auditLinksToEvent(user.Rol);
  return (
    <Page title="Auditoría" description="Quién cambió qué y cuándo: eventos reportables, usuarios, configuración, parámetros y señales. Nada de lo registrado puede modificarse ni borrarse.">
      <Tabs value={panel} onChange={(next) => next && setPanel(next as AuditPanel)} keepMounted={false}>
        <Tabs.List>
          {(['ER', 'Usuarios', 'Configuracion', 'Parametros', 'Senales'] as const).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {AUDIT_PANEL_TITLES[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="ER" pt="md">
          <EventPanel linked={linked} />
        </Tabs.Panel>
        <Tabs.Panel value="Usuarios" pt="md">
          <LogPanelView panel="Usuarios" />
        </Tabs.Panel>
        <Tabs.Panel value="Configuracion" pt="md">
          <LogPanelView panel="Configuracion" />
        </Tabs.Panel>
        <Tabs.Panel value="Parametros" pt="md">
          <LogPanelView panel="Parametros" />
        </Tabs.Panel>
        <Tabs.Panel value="Senales" pt="md">
          <LogPanelView panel="Senales" />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
