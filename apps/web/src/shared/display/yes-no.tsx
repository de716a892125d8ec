import { formatYesNo } from '@atalaya/domain';

/** A boolean or SI/NO value as 'SI' / 'NO', or '---' when missing. */
export function YesNo({ value }: { value: boolean | 'SI' | 'NO' | null | undefined }) {
  return <>{formatYesNo(value)}</>;
}
