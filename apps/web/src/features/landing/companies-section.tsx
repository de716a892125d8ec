import { Badge, Card, Container, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SectionTitle } from './about-sections';
import { companiesHomeQuery } from './companies-api';
import classes from './landing-page.module.css';

/** The companies of the group, by country (`GET /api/getCompaniesHome`). */
export function CompaniesSection() {
  const { data, isLoading, isError } = useQuery(companiesHomeQuery);
  const countries = (data ?? []).filter((country) => country.Companias.length > 0);
  return (
    <section id="companias" className={`${classes.section} ${classes.sectionTinted}`} aria-labelledby="companias-title">
      <Container size="lg">
        <SectionTitle id="companias-title" eyebrow="Compañías" title="Las compañías que reciben sus reportes" />
        <Text className={classes.body} mb="xl" maw={720}>
          Estas compañías participan de Atalaya. Si su medicamento pertenece a una de ellas, su reporte llega
          directamente al equipo de farmacovigilancia responsable en su país.
        </Text>
        {isLoading ? <Loader role="status" aria-label="Cargando compañías" /> : null}
        {isError ? <Text c="dimmed">No pudimos cargar la lista de compañías. Intente más tarde.</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {countries.map((country) => (
            <Card key={country.Codigo} withBorder radius="md" padding="lg">
              <Group justify="space-between" mb="sm" wrap="nowrap">
                <Title order={3} fz="lg">
                  {country.Nombre}
                </Title>
                <Badge variant="light" color="teal">
                  {country.Companias.length}
                </Badge>
              </Group>
              <ul className={classes.companyList}>
                {country.Companias.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
