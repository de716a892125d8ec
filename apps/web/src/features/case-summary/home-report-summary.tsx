import { EMPTY_VALUE, formatYesNo, MSG } from '@atalaya/domain';
import { Alert, Badge, Center, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DateText } from '../../shared/display';
import { codiguerasQuery, homeReportOfCaseQuery } from '../cases';
import { medicineLines, reactionLines } from './home-report-lines';

function text(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : EMPTY_VALUE;
}

function sexName(value: string | null | undefined): string {
  if (value === 'F') return 'Femenino';
  if (value === 'M') return 'Masculino';
  return EMPTY_VALUE;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <>{EMPTY_VALUE}</>;
  return (
    <List size="sm" spacing={2}>
      {lines.map((line, index) => (
        <List.Item key={`${line}-${index}`}>{line}</List.Item>
      ))}
    </List>
  );
}

/**
 * Step 1 of a case entered from an incoming report (event spec §2.4 step 1): a read-only
 * summary of that report, titled 'Origen de reporte ( {reference} )'. The step always passes.
 */
export function HomeReportSummary({ meta, reference }: { meta: string; reference: string }) {
  const report = useQuery(homeReportOfCaseQuery(meta));
  const lists = useQuery(codiguerasQuery());
  const title = MSG.wizard.originSummaryTitle(reference);

  let body: ReactNode;
  if (report.isError) {
    body = (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
        No se pudo mostrar el reporte de origen. Puede continuar con el siguiente paso.
      </Alert>
    );
  } else if (!report.data) {
    body = (
      <Center py="xl" role="status">
        <Loader color="teal" type="dots" role="status" aria-label="Cargando reporte de origen" />
      </Center>
    );
  } else {
    const data = report.data;
    const patient = data.Data?.Paciente;
    const country = lists.data?.Paises.find((item) => item.Codigo === data.Pais)?.Nombre ?? text(data.Pais);
    body = (
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        <Field label="Reporte">{data.Reference}</Field>
        <Field label="Recibido">
          <DateText value={data.Date} withTime />
        </Field>
        <Field label="Reportado por">{data.IsMedic ? 'Médico' : 'Paciente'}</Field>
        <Field label="Tipo de reporte">{text(data.Data?.Tipo?.SubGroupName)}</Field>
        <Field label="País">{country}</Field>
        <Field label="Paciente">
          {text(patient?.Iniciales)} · {sexName(patient?.Sexo)}
          {patient?.Sexo === 'F' && (patient.Embarazo === 'SI' || patient.Embarazo === 'NO') ? ` · Embarazo: ${formatYesNo(patient.Embarazo)}` : ''}
        </Field>
        <Field label="Reacciones adversas">
          <Lines lines={reactionLines(data.Data)} />
        </Field>
        <Field label="Medicamentos sospechosos">
          <Lines lines={medicineLines(data.Data)} />
        </Field>
      </SimpleGrid>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={3} fz="md" c="teal.9">
          {title}{' '}
          <Badge variant="light" color="teal" radius="sm" ml="xs" style={{ textTransform: 'none', verticalAlign: 'middle' }}>
            Solo lectura
          </Badge>
        </Title>
        <Text size="sm" c="dimmed">
          Este evento se ingresó desde un reporte recibido: ese reporte es su origen y no requiere un documento adjunto.
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
