import { formatYesNo } from '@atalaya/domain';

/** A boolean or the API's SI / NO as 'Sí' / 'No', or '---' when missing. */
export function YesNo({ value }: { value: boolean | 'SI' | 'NO' | null | undefined }) {
  return <>{formatYesNo(value)}</>;
}
