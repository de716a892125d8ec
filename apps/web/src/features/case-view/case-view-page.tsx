import { can, ER_STATUS, eventEditPath, eventViewPath, MSG, type ErEvent, type NamedItem } from '@atalaya/domain';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconBan, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { DateText } from '../../shared/display';
import { useSession } from '../../shared/session';
import { Page } from '../../shared/layout';
import { CaseDocumentsPanel } from '../files';
import { CaseLoading, codiguerasQuery, useCaseOnPage } from '../cases';
import { ImputabilityTab, RamTab, RecoveryTab } from '../case-assessment';
import { E2bTab } from '../case-e2b';
import { PdfsTab } from '../case-pdf';
import { DeleteCaseButton, EventActionsBar, OperationsTab } from '../case-workflow';
import { DuplicateCandidatesCard } from '../duplicates';
import { FollowUpEventsTab, FollowUpsTab } from '../follow-up';
import { useCaseOpen } from './case-open';
import { DetailsTab } from './details-tab';
import { resolveViewTab, viewTabsOf } from './view-tabs';

/**
 * The reportable event view at /reportableEvent/{meta}/view/{step}/{type?} (event spec §2.3):
 * the header with the status, the workflow actions, the tabs and the footer. An Anulado case
 * is shown as cancelled and every control of its tabs is disabled.
 *
 * Opening it is one read (`getERViewByMeta`, issue 33), which fills the per-record queries of the
 * header and the Detalle tab; the page mounts them once it has settled. Each other tab reads its
 * own data when opened (the tabs are not kept mounted). If the combined read fails, the page asks
 * `getERByMeta` as before and shows its not-found or load error.
 */
export function CaseViewPage() {
  const { meta = '' } = useParams();
  const opening = useCaseOpen(meta);
  if (opening.isLoading) return <CaseLoading />;
  return <OpenedCaseView meta={meta} />;
}

function OpenedCaseView({ meta }: { meta: string }) {
  const { step, type } = useParams();
  const navigate = useNavigate();
  const page = useCaseOnPage(meta, 'No se pudo cargar el evento reportable');
  const role = useSession().user?.Rol;
  // The reference lists name the Detalle tab's values; cached for the session, so read once.
  const lists = useQuery(codiguerasQuery());
  // 'Posibles duplicados' is folded on the view and is not the first tab: it asks for its
  // candidates after the commit that shows the first tab (its lists in, or failed), not before.
  // The card itself shows from the start, searching: mounted later, it pushed the tabs down under
  // a pointer already on its way to them (a click's press and release landed on different rows).
  const listsSettled = !lists.isPending;
  const [firstTabShown, setFirstTabShown] = useState(false);
  useEffect(() => {
    if (listsSettled) setFirstTabShown(true);
  }, [listsSettled]);

  if (page.fallback) return page.fallback;
  const current = page.event;
  const tab = resolveViewTab(step, current, role);
  const followUpType = type ?? (current.EventType === 3 ? '3' : undefined);
  if (tab !== step) return <Navigate replace to={eventViewPath(meta, tab, followUpType)} />;
  const annulled = current.Status === ER_STATUS.ANULADO;

  return (
    <Page
      title={MSG.eventView.header(current.NumeroReferencia)}
      description={
        <Group component="span" gap="xs" wrap="wrap">
          <span>{current.SubGrupoNombre}</span>
          <span aria-hidden>·</span>
          <span>{MSG.eventView.statusLabel}</span>
          <Badge component="span" data-testid="event-status" variant="light" color={annulled ? 'red' : 'teal'} radius="sm" style={{ textTransform: 'none' }}>
            {current.StatusName}
          </Badge>
          {current.ParentMeta && (
            <Text component={Link} to={eventViewPath(current.ParentMeta, 'details')} size="sm" c="teal.8">
              Ver el evento original
            </Text>
          )}
        </Group>
      }
      actions={
        <Group gap="xs">
          {current.CanEdit && (
            <Button component={Link} to={eventEditPath(meta)} variant="default" leftSection={<IconPencil size={16} />}>
              Editar
            </Button>
          )}
          <DeleteCaseButton event={current} />
          {current.CanCreateFollowUp && (
            <Button component={Link} to={eventEditPath(meta, 2)} variant="default" leftSection={<IconPlus size={16} />}>
              Agregar reporte de seguimiento
            </Button>
          )}
        </Group>
      }
    >
      {annulled ? (
        <Alert color="red" variant="light" icon={<IconBan size={18} />} title="Evento anulado">
          Este evento reportable fue anulado: se conserva para consulta y no admite cambios.
        </Alert>
      ) : (
        <EventActionsBar event={current} />
      )}
      {can(role, 'duplicates.decide') ? (
        <DuplicateCandidatesCard
          subject={{ kind: 'case', meta: current.Meta, reference: current.NumeroReferencia }}
          readOnly={annulled}
          folded
          enabled={firstTabShown}
        />
      ) : null}
      <Tabs value={tab} onChange={(next) => next && void navigate(eventViewPath(meta, next as typeof tab, followUpType))} keepMounted={false}>
        {/* One row that scrolls within itself on a narrow screen, instead of widening the page. */}
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {viewTabsOf(current, role).map((item) => (
            <Tabs.Tab key={item.step} value={item.step} style={{ flexShrink: 0 }}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Box pt="md" style={annulled ? { opacity: 0.75 } : undefined}>
          {/* Envíos E2B stays usable on an annulled case: its export to a receiver already sent to is the nullification. */}
          <fieldset disabled={annulled && tab !== 'e2b'} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <TabContent event={current} tab={tab} noteTypes={lists.data?.NotasArchivosTipo ?? []} />
          </fieldset>
        </Box>
      </Tabs>
      <Footer event={current} />
    </Page>
  );
}

function TabContent({ event, tab, noteTypes }: { event: ErEvent; tab: ReturnType<typeof resolveViewTab>; noteTypes: readonly NamedItem[] }) {
  switch (tab) {
    case 'docuemnts':
      return (
        <CaseDocumentsPanel
          meta={event.Meta}
          action="insertPostCreated"
          noteTypes={noteTypes}
          readOnly={event.Status === ER_STATUS.ANULADO}
        />
      );
    case 'ram':
      return <RamTab event={event} />;
    case 'recovery':
      return <RecoveryTab event={event} />;
    case 'operations':
      return <OperationsTab meta={event.Meta} />;
    case 'evaluation':
      return <ImputabilityTab meta={event.Meta} />;
    case 'pdfs':
      return <PdfsTab event={event} />;
    case 'followup':
      return <FollowUpsTab meta={event.Meta} />;
    case 'e2b':
      return <E2bTab event={event} />;
    case 'eventoSeguimiento':
      return <FollowUpEventsTab reference={event.NumeroReferencia} />;
    default:
      return <DetailsTab event={event} />;
  }
}

function Footer({ event }: { event: ErEvent }) {
  return (
    <Paper withBorder radius="md" p="sm" component="footer" aria-label="Autoría del evento">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Creado por {event.User.FirstName} {event.User.LastName} <DateText value={event.DateCreation} withTime />
        </Text>
        {event.Modificado && (
          <Text size="sm" c="dimmed">
            Actualizado por {event.Modificado.Usuario} <DateText value={event.Modificado.Fecha} withTime />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
