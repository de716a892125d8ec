import { Box, Group, Text } from '@mantine/core';

export interface LogoProps {
  size?: number;
  /** Show the 'Atalaya' word mark beside the mark. */
  withName?: boolean;
  /** 'inverted' for dark backgrounds: a white badge behind the mark and a white word mark. */
  variant?: 'default' | 'inverted';
}

/** The Atalaya mark (a watchtower with an eye, public/favicon.svg) and word mark. */
export function Logo({ size = 36, withName = true, variant = 'default' }: LogoProps) {
  const inverted = variant === 'inverted';
  const mark = <img src="/favicon.svg" width={size} height={size} alt={withName ? '' : 'Atalaya'} style={{ display: 'block' }} />;
  return (
    <Group gap={10} wrap="nowrap">
      {inverted ? (
        <Box bg="white" p={size * 0.12} style={{ borderRadius: size * 0.3, boxShadow: 'var(--mantine-shadow-sm)' }}>
          {mark}
        </Box>
      ) : (
        mark
      )}
      {withName ? (
        <Text component="span" fw={750} fz={size * 0.6} c={inverted ? 'white' : 'teal.9'} lh={1} style={{ letterSpacing: '-0.02em' }}>
          Atalaya
        </Text>
      ) : null}
    </Group>
  );
}
