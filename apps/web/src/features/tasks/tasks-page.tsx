import { can, type PageRequest } from '@atalaya/domain';
import { Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Page } from '../../shared/layout';
import { E2bImportButton } from '../e2b-import';
import { FIRST_PAGE } from '../../shared/list';
import { useSession } from '../../shared/session';
import { tasksKeys } from './api';
import { HomeReportsSection } from './home-reports-section';
import { HubAlerts } from './hub-alerts';
import { PendingActionsSection } from './pending-actions-section';

/** The screen's title (route table: /workflow, Tareas). */
export const TASKS_TITLE = 'Tareas';

/**
 * The Tasks screen (event spec §2.1, title Tareas): "Mis acciones pendientes" (not for CL and
 * ADMIN) and "Reportes pendientes de médico / paciente" (not for Fabricante and CL, who do not
 * even ask for it), each from page 1; the realtime hub's alerts above them.
 */
export function TasksPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [casePage, setCasePage] = useState<PageRequest>(FIRST_PAGE);
  const [reportPage, setReportPage] = useState<PageRequest>(FIRST_PAGE);

  // New cases and reports come first in the default orders: show page 1 of both, fresh.
  const reloadLists = useCallback(() => {
    setCasePage(FIRST_PAGE);
    setReportPage(FIRST_PAGE);
    void queryClient.invalidateQueries({ queryKey: tasksKeys.lists });
  }, [queryClient]);

  if (!user) return null;
  const showCases = can(user, 'tasks.pending');
  const showReports = can(user, 'homeReports.read');

  return (
    <Page title={TASKS_TITLE} actions={can(user, 'e2bImport.run') ? <E2bImportButton /> : undefined}>
      <HubAlerts onReloadLists={reloadLists} />
      <Stack gap="xl">
        {showCases ? <PendingActionsSection role={user.Rol} page={casePage} onPageRequest={setCasePage} /> : null}
        {showReports ? <HomeReportsSection page={reportPage} onPageRequest={setReportPage} /> : null}
        {!showCases && !showReports ? (
          <Paper withBorder radius="lg" p="xl" bg="gray.0">
            <Text>Su rol no tiene acciones pendientes ni reportes de médicos o pacientes para revisar.</Text>
          </Paper>
        ) : null}
      </Stack>
    </Page>
  );
}
