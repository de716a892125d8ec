import { createEventMode } from '@atalaya/domain';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RealtimeProvider } from '../../shared/realtime';
import { useIdleStage, useSession } from '../../shared/session';
import { LockScreen, TermsModal } from '../auth';
import { ReportFormModal } from '../public-report';
import { AppHeader } from './app-header';
import { CreateEventModal } from './create-event-modal';
import { IdleBanner } from './idle-banner';
import { menuItemsOf } from './menu-items';
import { NavDrawer } from './nav-drawer';
import { UserDrawer } from './user-drawer';

/** Platform spec §9: the compact layout starts at a window width of 900 px or less. */
const COMPACT_QUERY = '(max-width: 900px)';

/** CL's create icon opens the patient report form (isMedic false; platform spec §6 'CL'). */
const PATIENT_FORM = false;

/** The application frame of the internal area: header, drawers, idle lock and terms. */
export function AppFrame() {
  const { user, context, locked, lock, signOut } = useSession();
  const compact = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  const [navOpened, nav] = useDisclosure(false);
  const [userOpened, userDrawer] = useDisclosure(false);
  const [createOpened, createDialog] = useDisclosure(false);
  const [reportIsMedic, setReportIsMedic] = useState<boolean | null>(null);
  const stage = useIdleStage(context?.SessionTimeout, locked);
  const { pathname } = useLocation();
  const { close: closeNav } = nav;
  const { close: closeUser } = userDrawer;

  useEffect(() => {
    if (stage === 'locked') lock();
  }, [stage, lock]);

  useEffect(() => {
    closeNav();
    closeUser();
  }, [pathname, closeNav, closeUser]);

  if (!user) return null;
  const navItems = menuItemsOf(user.MenuItems, 'NavBar');
  const adminItems = menuItemsOf(user.MenuItems, 'Admin');
  const createMode = createEventMode(user.Rol);

  const frame = (
    <AppShell header={{ height: compact ? 60 : 108 }} padding={compact ? 'md' : 'xl'}>
      <AppShell.Header>
        <AppHeader
          user={user}
          compact={compact}
          navItems={navItems}
          adminItems={adminItems}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onOpenUser={userDrawer.open}
          onCreateEvent={createMode === 'patientForm' ? () => setReportIsMedic(PATIENT_FORM) : createMode ? createDialog.open : undefined}
        />
      </AppShell.Header>
      {/* Before the terms are accepted the server answers nothing but the context and the terms
          (403): the page waits behind the terms dialog until then. */}
      <AppShell.Main>{user.AcceptTerms ? <Outlet /> : null}</AppShell.Main>
      <NavDrawer opened={navOpened} onClose={closeNav} items={navItems} />
      <UserDrawer opened={userOpened} onClose={closeUser} user={user} adminItems={adminItems} onSignOut={signOut} />
      {createMode === 'dialog' ? <CreateEventModal opened={createOpened} onClose={createDialog.close} /> : null}
      {createMode === 'patientForm' ? (
        // CL reports what they heard through the patient form, as the reporter (platform spec §6):
        // the icon opens it straight away, without the health-professional question.
        <ReportFormModal isMedic={reportIsMedic} onClose={() => setReportIsMedic(null)} signedInEmail={user.Email} />
      ) : null}
      <IdleBanner visible={stage === 'idle'} />
      <TermsModal />
      <LockScreen />
    </AppShell>
  );
  // The realtime hub lives as long as the internal area is shown (platform spec §4).
  return <RealtimeProvider>{frame}</RealtimeProvider>;
}
