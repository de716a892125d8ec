import { MSG } from '@atalaya/domain';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../shared/layout';
import { showNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { AuthLayout } from './auth-layout';
import { ChangePasswordForm } from './change-password-form';

/**
 * `/changepassword`: signed in (old, new, repeat; then a new login with the new password), or
 * from a reset link `?token=…` (new, repeat; then the login screen).
 */
export function ChangePasswordPage() {
  const { status, user, signIn, signOut } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token && status === 'restoring') return <FullPageLoader />;
  if (!token && !user) return <Navigate to="/login" replace />;

  const onChanged = async (newPassword: string, captchaPayload: string | null) => {
    showNotice({ kind: 'success', title: MSG.changePassword.success, message: '' });
    if (token || !user || !captchaPayload) {
      await navigate('/login', { replace: true });
      return;
    }
    try {
      const context = await signIn(user.Email, newPassword, captchaPayload);
      await navigate(context.User.Url, { replace: true });
    } catch {
      await signOut();
    }
  };

  return (
    <AuthLayout
      title="Cambiar contraseña"
      subtitle={token ? 'Elija su nueva contraseña.' : `Cambie la contraseña de ${user?.Email ?? ''}.`}
      close={token || !user ? { to: '/login', label: 'Cancelar' } : { to: user.Url, label: 'Cancelar' }}
    >
      <ChangePasswordForm token={token} onChanged={onChanged} />
    </AuthLayout>
  );
}
