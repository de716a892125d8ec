import { ModalsProvider } from '@mantine/modals';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SessionProvider } from '../shared/session';
import classes from './root-layout.module.css';

/**
 * Every route sits inside the session (and alerts opened with `modals.*` can use it and the
 * router); a thin bar shows while a lazy screen loads.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <SessionProvider>
      <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
        {navigation.state === 'loading' ? <div className={classes.progress} role="progressbar" aria-label="Cargando" /> : null}
        <Outlet />
        <ScrollRestoration />
      </ModalsProvider>
    </SessionProvider>
  );
}
