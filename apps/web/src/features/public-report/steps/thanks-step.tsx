import { ActionIcon, Button, CopyButton, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCopy } from '@tabler/icons-react';

/** Step 9: thanks, with the report identifier (large and copyable) and Close. */
export function ThanksStep({ reference, onClose }: { reference: string; onClose(): void }) {
  return (
    <Stack align="center" gap="lg" py="lg" ta="center">
      <ThemeIcon size={72} radius={72} color="teal" variant="light">
        <IconCircleCheck size={44} />
      </ThemeIcon>
      <Title order={2} fz={24}>
        ¡Gracias por reportar!
      </Title>
      <Text maw={460}>
        Recibimos su reporte. Un equipo de farmacovigilancia lo evaluará y, si es necesario, lo notificará a la autoridad
        sanitaria. Guarde este número para cualquier consulta:
      </Text>
      <Paper withBorder radius="md" px="xl" py="md" bg="teal.0">
        <Group gap="sm" wrap="nowrap">
          <Text fz={{ base: 26, sm: 34 }} fw={800} c="teal.9" ff="monospace" data-testid="report-reference">
            {reference}
          </Text>
          <CopyButton value={reference} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copiado' : 'Copiar número'}>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label="Copiar número de reporte">
                  {copied ? <IconCheck size={20} /> : <IconCopy size={20} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Paper>
      <Button size="md" onClick={onClose}>
        Cerrar
      </Button>
    </Stack>
  );
}
