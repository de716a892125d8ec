import type { SeedCountry } from './types.js';

/** Countries where the group operates; UY first (the default pre-selected country). */
export const countries: SeedCountry[] = [
  { code: 'UY', name: 'Uruguay', timeZone: 'America/Montevideo' },
  { code: 'AR', name: 'Argentina', timeZone: 'America/Argentina/Buenos_Aires' },
  { code: 'PY', name: 'Paraguay', timeZone: 'America/Asuncion' },
  { code: 'CL', name: 'Chile', timeZone: 'America/Santiago' },
  { code: 'BR', name: 'Brasil', timeZone: 'America/Sao_Paulo' },
  { code: 'BO', name: 'Bolivia', timeZone: 'America/La_Paz' },
  { code: 'PE', name: 'Perú', timeZone: 'America/Lima' },
  { code: 'EC', name: 'Ecuador', timeZone: 'America/Guayaquil' },
  { code: 'CO', name: 'Colombia', timeZone: 'America/Bogota' },
  { code: 'MX', name: 'México', timeZone: 'America/Mexico_City' },
];
