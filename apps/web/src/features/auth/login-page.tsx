import { useCallback, useState } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../shared/layout';
import { useSession } from '../../shared/session';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { ResetPasswordPanel } from './reset-password-panel';

/** `/login`: the login panel, flipping to the reset panel ('Olvidé mi contraseña'). */
export function LoginPage() {
  const { status, user } = useSession();
  const [panel, setPanel] = useState<'login' | 'reset'>('login');
  const showLogin = useCallback(() => setPanel('login'), []);

  if (status === 'restoring') return <FullPageLoader />;
  if (user) return <Navigate to={user.Url} replace />;

  return panel === 'login' ? (
    <AuthLayout title="Ingresar" subtitle="Ingrese con su correo electrónico y contraseña." close={{ to: '/', label: 'Cerrar' }}>
      <LoginForm onForgotPassword={() => setPanel('reset')} />
    </AuthLayout>
  ) : (
    <AuthLayout
      title="Restablecer contraseña"
      subtitle="Le enviaremos un enlace a su correo para crear una nueva contraseña."
      close={{ to: '/', label: 'Cerrar' }}
    >
      <ResetPasswordPanel onClose={showLogin} />
    </AuthLayout>
  );
}
