import { Group, Progress, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useState, type ChangeEvent, type Ref } from 'react';

export interface TextareaWithCountProps extends Omit<TextareaProps, 'maxLength'> {
  /** Maximum number of characters. */
  max: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A Mantine Textarea with a bar and a counter of the characters used against `max`
 * (event spec §5). Works controlled (`value`) and uncontrolled (react-hook-form `register`).
 */
export function TextareaWithCount({ max, value, defaultValue, onChange, ref, ...rest }: TextareaWithCountProps) {
  const [typedLength, setTypedLength] = useState(() => (typeof defaultValue === 'string' ? defaultValue.length : 0));
  const used = typeof value === 'string' ? value.length : typedLength;
  const percent = Math.min(100, (used / max) * 100);
  const color = percent >= 100 ? 'red' : percent >= 90 ? 'yellow' : 'teal';

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setTypedLength(event.currentTarget.value.length);
    onChange?.(event);
  };

  return (
    <Stack gap={4}>
      <Textarea
        ref={ref}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        maxLength={max}
        autosize
        minRows={3}
        {...rest}
      />
      <Group gap="xs" wrap="nowrap">
        <Progress value={percent} color={color} size="sm" flex={1} aria-hidden />
        <Text size="xs" c="dimmed" aria-live="polite">
          {used}/{max}
        </Text>
      </Group>
    </Stack>
  );
}
