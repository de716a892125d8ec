import { Accordion, Container } from '@mantine/core';
import { SectionTitle } from './about-sections';
import classes from './landing-page.module.css';

const FAQ = [
  {
    question: '¿Qué es una reacción adversa a un medicamento?',
    answer:
      'Es una respuesta nociva y no buscada a un medicamento: desde una erupción en la piel, náuseas o dolor de cabeza hasta reacciones graves. También interesa saber si un medicamento no hizo efecto, si hubo un error al tomarlo o al administrarlo, o si se usó durante el embarazo o la lactancia.',
  },
  {
    question: '¿Tengo que estar seguro de que el medicamento causó la reacción?',
    answer:
      'No. Basta con la sospecha. Nuestro equipo de farmacovigilancia evalúa cada caso con métodos reconocidos para establecer si existe una relación con el medicamento. Un reporte nunca lo compromete a usted ni a su médico.',
  },
  {
    question: '¿Quién puede reportar?',
    answer:
      'Cualquier persona: el propio paciente, un familiar o cuidador, y los profesionales de la salud (médicos, farmacéuticos, enfermeros, odontólogos y otros). El formulario se adapta según quién reporta.',
  },
  {
    question: '¿Qué pasa con mis datos y con el reporte después de enviarlo?',
    answer:
      'El reporte lo revisa la oficina local de la compañía titular del medicamento y lo evalúa la persona responsable de farmacovigilancia. Si corresponde, se notifica a la autoridad sanitaria sin datos que identifiquen al paciente. Sus datos de contacto solo se usan si aceptó ser contactado, para pedirle más información sobre el caso.',
  },
  {
    question: '¿Debo dejar de tomar el medicamento?',
    answer:
      'No suspenda ni cambie un tratamiento por su cuenta: consulte primero a su médico o farmacéutico. Si la reacción es grave (dificultad para respirar, hinchazón de la cara o la garganta, desmayo), acuda de inmediato a un servicio de emergencia y reporte después.',
  },
];

export function FaqSection() {
  return (
    <section id="preguntas-frecuentes" className={classes.section} aria-labelledby="preguntas-frecuentes-title">
      <Container size="md">
        <SectionTitle id="preguntas-frecuentes-title" eyebrow="Preguntas Frecuentes" title="Lo que más nos preguntan" />
        <Accordion variant="separated" radius="md" chevronPosition="right">
          {FAQ.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>{item.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </section>
  );
}
