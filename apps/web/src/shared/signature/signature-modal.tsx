import { MAX_NOTE_LENGTH, signatureSchema, type SignatureInput } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconSignature } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../api';
import { PasswordField, TextAreaField, TextField } from '../form';
import { ListModal } from '../list';
import classes from './signature-modal.module.css';

export interface SignatureModalProps {
  opened: boolean;
  title: string;
  /** What is about to happen, in a sentence. */
  message: ReactNode;
  /** What the signature means, as stored with it ('Eliminar documento'). */
  meaning: string;
  confirmLabel: string;
  /**
   * Does the signed action. A thrown error keeps the modal open, shows the server's Message in
   * it and shakes it (event spec §8 'Signature failure').
   */
  onSign(signature: SignatureInput): Promise<void>;
  onClose(): void;
}

const EMPTY: SignatureInput = { comment: '', userEmail: '', password: '' };

/**
 * The electronic signature (21 CFR Part 11 style, event spec §3, §5): the signer types a
 * comment, their e-mail and their password; the server re-authenticates the signed-in user and
 * stores the signature (printed name, time, meaning, comment) with the record. Both
 * components are typed at every signature; nothing is prefilled or remembered.
 */
export function SignatureModal({ opened, title, message, meaning, confirmLabel, onSign, onClose }: SignatureModalProps) {
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isSubmitting },
  } = useForm<SignatureInput>({ resolver: zodResolver(signatureSchema), defaultValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const [shakes, setShakes] = useState(0);

  useEffect(() => {
    if (opened) {
      reset(EMPTY);
      setFailure(null);
    }
  }, [opened, reset]);

  const submit = handleSubmit(
    async (signature) => {
      setFailure(null);
      try {
        await onSign(signature);
      } catch (error) {
        setFailure(errorMessage(error));
        setValue('password', '');
        setShakes((count) => count + 1);
      }
    },
    () => setShakes((count) => count + 1),
  );

  return (
    <ListModal opened={opened} onClose={isSubmitting ? () => undefined : onClose} title={title} size="md" closeOnClickOutside={false}>
      <div key={shakes} className={shakes > 0 ? classes.shake : undefined} data-testid="signature-modal-body">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
          <Stack gap="md">
            <Text>{message}</Text>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color="teal" radius="xl" aria-hidden>
                <IconSignature size={18} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                Firma electrónica: «{meaning}». Quedará registrada con su nombre, la fecha y la hora, y el comentario.
              </Text>
            </Group>
            <TextAreaField control={control} name="comment" label="Comentario" required max={MAX_NOTE_LENGTH} data-autofocus />
            <TextField control={control} name="userEmail" type="email" label="Correo" required autoComplete="username" />
            <PasswordField control={control} name="password" label="Contraseña" required autoComplete="current-password" />
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={isSubmitting}>
                Cancelar
              </Button>
              <Button type="submit" color="red" loading={isSubmitting}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </div>
    </ListModal>
  );
}
