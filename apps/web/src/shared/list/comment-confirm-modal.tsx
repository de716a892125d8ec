import { MAX_COMMENT_LENGTH, MSG } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextAreaField } from '../form';
import { ListModal } from './list-modal';

/** The comment every confirmed action takes: required ('Comentario requerido'), at most 2000 characters (as the domain's write schemas). */
const commentFormSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, MSG.workflow.commentRequired)
    .max(MAX_COMMENT_LENGTH, MSG.generic.maxLength(MAX_COMMENT_LENGTH)),
});
type CommentForm = z.input<typeof commentFormSchema>;

export interface CommentConfirmModalProps {
  opened: boolean;
  title: string;
  /** The question asked. */
  message: ReactNode;
  confirmLabel: string;
  /** Button colour (red for annul and discard). */
  confirmColor?: string;
  /** Does the action; a thrown error keeps the dialog open (the notice says why). */
  onConfirm(comment: string): Promise<void>;
  onClose(): void;
}

/**
 * A confirmation that needs a comment (annul a case, discard an incoming report): a textarea
 * with its character count, Cancelar and the action, both disabled while the call runs.
 */
export function CommentConfirmModal({ opened, title, message, confirmLabel, confirmColor = 'red', onConfirm, onClose }: CommentConfirmModalProps) {
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<CommentForm>({ resolver: zodResolver(commentFormSchema), defaultValues: { comment: '' } });

  useEffect(() => {
    if (opened) reset({ comment: '' });
  }, [opened, reset]);

  const submit = handleSubmit(async ({ comment }) => {
    try {
      await onConfirm(comment);
    } catch {
      // The API client already told the user; the dialog stays open to try again.
    }
  });

  return (
    <ListModal opened={opened} onClose={isSubmitting ? () => undefined : onClose} title={title} size="md" closeOnClickOutside={!isSubmitting}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text>{message}</Text>
          <TextAreaField control={control} name="comment" label="Comentario" required max={MAX_COMMENT_LENGTH} data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" color={confirmColor} loading={isSubmitting}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ListModal>
  );
}
