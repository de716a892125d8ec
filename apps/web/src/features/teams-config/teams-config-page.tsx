import { Button, Container, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Logo } from '../../shared/layout';
import { showNotice } from '../../shared/notices';

/** Non-secret UI state: the maps service chosen on this device. */
const STORAGE_KEY = 'atalaya.teamsConfig.maps';

const MAP_SERVICES = [
  { value: 'openstreetmap', label: 'OpenStreetMap' },
  { value: 'google', label: 'Google Maps' },
  { value: 'bing', label: 'Bing Maps' },
];

/** `/teamsConfig`: the spec's leftover sample configuration form (maps service choice). */
export function TeamsConfigPage() {
  const [service, setService] = useState(() => localStorage.getItem(STORAGE_KEY) ?? 'openstreetmap');

  const save = (event: FormEvent) => {
    event.preventDefault();
    localStorage.setItem(STORAGE_KEY, service);
    showNotice({ kind: 'success', title: 'Configuración guardada', message: 'Se usará el servicio de mapas elegido.' });
  };

  return (
    <Container size={480} py={48}>
      <Stack gap="xl">
        <Logo size={32} />
        <Paper withBorder radius="lg" p="xl" component="form" onSubmit={save}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={24}>
                Configuración de la pestaña
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Elija el servicio de mapas que se mostrará en la pestaña de Teams.
              </Text>
            </div>
            <Radio.Group label="Servicio de mapas" value={service} onChange={setService}>
              <Stack gap="sm" mt="xs">
                {MAP_SERVICES.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
            <Button type="submit" leftSection={<IconMap2 size={18} />}>
              Guardar
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
