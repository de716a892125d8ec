import { Alert } from '@mantine/core';

/** A failed export of the search (Excel or E2B): the server's message under its button, until closed. */
export function InlineError({ message, onClose }: { message: string | null; onClose(): void }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" py={6} withCloseButton closeButtonLabel="Cerrar" onClose={onClose}>
      {message}
    </Alert>
  );
}
