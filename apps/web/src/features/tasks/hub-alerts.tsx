import { APP_ROUTES, HUB_EVENTS, MSG, SIGNAL_REGISTER_MSG, SIGNAL_REGISTER_TAB, type ConfigurationChangedMessage, type DeadlineMissedMessage, type NewEventsMessage, type SignalCaseMessage } from '@atalaya/domain';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useHubMessage } from '../../shared/realtime';

export interface HubAlertsProps {
  /** Reload the lists (the 'Nuevos Eventos' alert's button). */
  onReloadLists(): void;
}

function HubAlert({ title, text, onReload, onClose }: { title: string; text: string; onReload(): void; onClose(): void }) {
  return (
    <Alert
      color="blue"
      variant="light"
      title={title}
      icon={<IconInfoCircle size={20} />}
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={onClose}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="filled" color="blue" leftSection={<IconRefresh size={14} />} onClick={onReload}>
          {MSG.hub.reload}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The realtime hub's information alerts on the Tasks screen (platform spec §4 'Realtime hub'):
 * 'Nuevos Eventos' reloads the lists, 'Cambio en la configuración' reloads the page, 'Plazo
 * vencido' names the cases the user acts on that just missed a KPI (docs/kpi.md); 'Nuevo caso de una
 * señal' names the new cases of the pairs of the signals the user is responsible for (docs/signals.md).
 */
export function HubAlerts({ onReloadLists }: HubAlertsProps) {
  const [newEvents, setNewEvents] = useState(false);
  const [configurationChanged, setConfigurationChanged] = useState(false);
  const [missed, setMissed] = useState<string[]>([]);
  const onDeadlineMissed = useCallback(
    (message: DeadlineMissedMessage) => setMissed((references) => (references.includes(message.reference) ? references : [...references, message.reference])),
    [],
  );
  useHubMessage(HUB_EVENTS.deadlineMissed, onDeadlineMissed);
  const [signalCases, setSignalCases] = useState<SignalCaseMessage[]>([]);
  const onSignalCase = useCallback((message: SignalCaseMessage) => setSignalCases((known) => [...known.filter((m) => m.reference !== message.reference || m.signalId !== message.signalId), message]), []);
  useHubMessage(HUB_EVENTS.signalCase, onSignalCase);
  const onNewEvents = useCallback((_message: NewEventsMessage) => setNewEvents(true), []);
  const onConfigurationChanged = useCallback((_message: ConfigurationChangedMessage) => setConfigurationChanged(true), []);
  useHubMessage(HUB_EVENTS.newEvents, onNewEvents);
  useHubMessage(HUB_EVENTS.configurationChanged, onConfigurationChanged);

  if (!newEvents && !configurationChanged && missed.length === 0 && signalCases.length === 0) return null;
  return (
    <Stack gap="sm">
      {signalCases.length > 0 ? (
        <Alert color="magenta" variant="light" title={SIGNAL_REGISTER_MSG.hubTitle} withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setSignalCases([])}>
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              {signalCases.map((m) => (
                <Text key={`${m.signalId}-${m.reference}`} size="sm">
                  {SIGNAL_REGISTER_MSG.hubText(m.reference, m.title)}
                </Text>
              ))}
            </Stack>
            <Anchor component={Link} to={SIGNAL_REGISTER_TAB} size="sm">
              {SIGNAL_REGISTER_MSG.title}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {missed.length > 0 ? (
        <Alert color="red" variant="light" title={MSG.hub.deadlineMissed} withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setMissed([])}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{MSG.hub.deadlineMissedText(missed.join(', '))}</Text>
            <Anchor component={Link} to={APP_ROUTES.noKpis.path} size="sm">
              {MSG.noKpi.title}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {newEvents ? (
        <HubAlert
          title={MSG.hub.newEvents}
          text={MSG.hub.newEventsText}
          onReload={() => {
            setNewEvents(false);
            onReloadLists();
          }}
          onClose={() => setNewEvents(false)}
        />
      ) : null}
      {configurationChanged ? (
        <HubAlert
          title={MSG.hub.configurationChanged}
          text={MSG.hub.configurationChangedText}
          onReload={() => window.location.reload()}
          onClose={() => setConfigurationChanged(false)}
        />
      ) : null}
    </Stack>
  );
}
