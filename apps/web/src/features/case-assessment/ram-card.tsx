import { SERIOUSNESS_FLAGS, SERIOUSNESS_LABELS, type Codigueras, type ErRam, type ErRamNotification } from '@atalaya/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { DateText, OrDash, YesNo } from '../../shared/display';
import { FileDownloadButton, storedFileName } from '../files';
import { notificationDownloadPath, type NotificationKind } from '../cases';


/** One adverse event as the RAM tab shows it: its classification, seriousness and notifications. */

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function categoryNames(ram: ErRam, codigueras: Codigueras): string | null {
  const names = ram.CategoryRAM.map((link) => codigueras.RAMCategorias.find((category) => category.Id === link.RAMCategoryId)?.Type).filter(Boolean);
  return names.length === 0 ? null : names.join(', ');
}

function NotificationItem({ label, kind, ram, notification }: { label: string; kind: NotificationKind; ram: ErRam; notification: ErRamNotification | null }) {
  const fileName = storedFileName(notification?.FileName, notification?.Extension);
  return (
    <Item label={label}>
      {notification ? (
        <Stack gap={2}>
          <span>
            <DateText value={notification.Fecha} /> · <OrDash value={notification.ViaNombre} />
          </span>
          {fileName && <FileDownloadButton path={notificationDownloadPath(kind, ram.Id)} fileName={fileName} />}
        </Stack>
      ) : (
        'NO'
      )}
    </Item>
  );
}

export function RamCard({ ram, codigueras, onClassify }: { ram: ErRam; codigueras: Codigueras; onClassify: (() => void) | null }) {
  const serious = SERIOUSNESS_FLAGS.filter((flag) => ram[flag]).map((flag) => SERIOUSNESS_LABELS[flag]);
  const term = ram.MedraLLT.llt_name ?? ram.Description;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Evento adverso: ${term}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Stack gap={2}>
          <Text fw={650}>
            {term}
            {ram.MedraLLT.llt_code !== null && (
              <Text span c="dimmed" size="sm">
                {' '}
                (LLT {ram.MedraLLT.llt_code})
              </Text>
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {ram.Description}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge variant="light" color={ram.IsRAM ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
            {ram.IsRAM ? `RAM ${ram.TypeRAMNombre ?? 'sin tipo'}` : 'No es RAM'}
          </Badge>
          {ram.IsSerious && (
            <Badge variant="light" color="red" style={{ textTransform: 'none' }}>
              Grave
            </Badge>
          )}
          {onClassify && (
            <Button size="xs" variant="light" leftSection={<IconClipboardCheck size={16} />} onClick={onClassify} aria-label={`Calificar: ${term}`}>
              Calificar
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Item label="Tipo de RAM">
          <OrDash value={ram.TypeRAMNombre} />
        </Item>
        <Item label="Categorías">
          <OrDash value={categoryNames(ram, codigueras)} />
        </Item>
        <Item label="Esperado">
          <YesNo value={ram.IsExpected} />
        </Item>
        <Item label="Gravedad">{serious.length === 0 ? 'No grave' : serious.join(', ')}</Item>
        {ram.HospitalizationRequired && (
          <Item label="Hospitalización">
            <DateText value={ram.HospitalizationDateStart} /> – <DateText value={ram.HospitalizationDateEnd} />
          </Item>
        )}
        <NotificationItem label="Notificación sanitaria local" kind="local" ram={ram} notification={ram.LocalSanitaryNotificaction} />
        <NotificationItem label="Notificación al proveedor" kind="provider" ram={ram} notification={ram.ProviderNotification} />
      </SimpleGrid>
    </Paper>
  );
}
