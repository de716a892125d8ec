import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The 'add another item' button under a repeatable list. */
export function AddItemButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button variant="light" leftSection={<IconPlus size={18} />} onClick={onClick} style={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}
