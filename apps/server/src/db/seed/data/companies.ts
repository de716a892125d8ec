import type { SeedCompany } from './types.js';

/**
 * Fictional companies of the demo group, their laboratories and product lines.
 * Laboratory and line codes are unique across the whole list.
 */
export const companies: SeedCompany[] = [
  {
    code: 'CIA-TERRAMAR',
    name: 'Terramar Salud S.A.',
    countryCode: 'UY',
    laboratories: [
      {
        code: 'LAB-TERRAMAR',
        name: 'Laboratorio Terramar',
        countryCode: 'UY',
        lines: [
          { code: 'LIN-TERRAMAR-CARDIO', name: 'Línea cardiovascular' },
          { code: 'LIN-TERRAMAR-RESP', name: 'Línea respiratoria' },
          { code: 'LIN-TERRAMAR-OTC', name: 'Línea de venta libre' },
        ],
      },
      {
        code: 'LAB-CERRO-CHATO',
        name: 'Laboratorio Cerro Chato',
        countryCode: 'UY',
        lines: [
          { code: 'LIN-CERRO-CHATO-METAB', name: 'Línea metabólica' },
          { code: 'LIN-CERRO-CHATO-SNC', name: 'Línea sistema nervioso central' },
        ],
      },
    ],
  },
  {
    code: 'CIA-CIPRES',
    name: 'Farmacéutica Ciprés S.A.',
    countryCode: 'UY',
    laboratories: [
      {
        code: 'LAB-CIPRES',
        name: 'Laboratorios Ciprés',
        countryCode: 'UY',
        lines: [
          { code: 'LIN-CIPRES-ANTIINF', name: 'Línea antiinfecciosa' },
          { code: 'LIN-CIPRES-PEDIA', name: 'Línea pediátrica' },
        ],
      },
    ],
  },
  {
    code: 'CIA-PAMPA-VITAL',
    name: 'Pampa Vital S.A.',
    countryCode: 'AR',
    laboratories: [
      {
        code: 'LAB-PAMPA-VITAL',
        name: 'Laboratorio Pampa Vital',
        countryCode: 'AR',
        lines: [
          { code: 'LIN-PAMPA-VITAL-CARDIO', name: 'Línea cardiovascular' },
          { code: 'LIN-PAMPA-VITAL-GASTRO', name: 'Línea gastroenterológica' },
        ],
      },
      {
        code: 'LAB-QUEBRACHO',
        name: 'Laboratorio Quebracho',
        countryCode: 'AR',
        lines: [
          { code: 'LIN-QUEBRACHO-HOSP', name: 'Línea hospitalaria' },
          { code: 'LIN-QUEBRACHO-ANTIINF', name: 'Línea antiinfecciosa' },
        ],
      },
    ],
  },
  {
    code: 'CIA-ANDESUR',
    name: 'Andesur Farmacéutica S.A.',
    countryCode: 'AR',
    laboratories: [
      {
        code: 'LAB-ANDESUR',
        name: 'Laboratorio Andesur',
        countryCode: 'AR',
        lines: [
          { code: 'LIN-ANDESUR-ENDO', name: 'Línea endocrinológica' },
          { code: 'LIN-ANDESUR-DERMA', name: 'Línea dermatológica' },
        ],
      },
    ],
  },
  {
    code: 'CIA-GUARANIA',
    name: 'Guaranía Farma S.A.',
    countryCode: 'PY',
    laboratories: [
      {
        code: 'LAB-GUARANIA',
        name: 'Laboratorio Guaranía',
        countryCode: 'PY',
        lines: [
          { code: 'LIN-GUARANIA-GENERAL', name: 'Línea general' },
          { code: 'LIN-GUARANIA-PEDIA', name: 'Línea pediátrica' },
        ],
      },
      {
        code: 'LAB-YBYTU',
        name: 'Laboratorio Ybytú',
        countryCode: 'PY',
        lines: [{ code: 'LIN-YBYTU-ANALG', name: 'Línea analgésica' }],
      },
    ],
  },
  {
    code: 'CIA-COPIHUE',
    name: 'Copihue Laboratorios S.A.',
    countryCode: 'CL',
    laboratories: [
      {
        code: 'LAB-COPIHUE',
        name: 'Laboratorio Copihue',
        countryCode: 'CL',
        lines: [
          { code: 'LIN-COPIHUE-RESP', name: 'Línea respiratoria' },
          { code: 'LIN-COPIHUE-CARDIO', name: 'Línea cardiovascular' },
        ],
      },
      {
        code: 'LAB-LLAIMA',
        name: 'Laboratorio Llaima',
        countryCode: 'CL',
        lines: [{ code: 'LIN-LLAIMA-SNC', name: 'Línea sistema nervioso central' }],
      },
    ],
  },
  {
    code: 'CIA-IPE-DOURADO',
    name: 'Ipê Dourado Farmacêutica Ltda.',
    countryCode: 'BR',
    laboratories: [
      {
        code: 'LAB-IPE-DOURADO',
        name: 'Laboratório Ipê Dourado',
        countryCode: 'BR',
        lines: [
          { code: 'LIN-IPE-DOURADO-METAB', name: 'Línea metabólica' },
          { code: 'LIN-IPE-DOURADO-CARDIO', name: 'Línea cardiovascular' },
        ],
      },
    ],
  },
  {
    code: 'CIA-KANTUTA',
    name: 'Kantuta Farma S.R.L.',
    countryCode: 'BO',
    laboratories: [
      {
        code: 'LAB-KANTUTA',
        name: 'Laboratorio Kantuta',
        countryCode: 'BO',
        lines: [{ code: 'LIN-KANTUTA-GENERAL', name: 'Línea general' }],
      },
    ],
  },
  {
    code: 'CIA-HUARANGO',
    name: 'Huarango Farmacéutica S.A.C.',
    countryCode: 'PE',
    laboratories: [
      {
        code: 'LAB-HUARANGO',
        name: 'Laboratorio Huarango',
        countryCode: 'PE',
        lines: [
          { code: 'LIN-HUARANGO-ANTIINF', name: 'Línea antiinfecciosa' },
          { code: 'LIN-HUARANGO-GASTRO', name: 'Línea gastroenterológica' },
        ],
      },
    ],
  },
  {
    code: 'CIA-GUAYACAN',
    name: 'Guayacán Farma S.A.',
    countryCode: 'EC',
    laboratories: [
      {
        code: 'LAB-GUAYACAN',
        name: 'Laboratorio Guayacán',
        countryCode: 'EC',
        lines: [
          { code: 'LIN-GUAYACAN-GENERAL', name: 'Línea general' },
          { code: 'LIN-GUAYACAN-RESP', name: 'Línea respiratoria' },
        ],
      },
    ],
  },
  {
    code: 'CIA-CEIBA-ANDINA',
    name: 'Ceiba Andina Farmacéutica S.A.S.',
    countryCode: 'CO',
    laboratories: [
      {
        code: 'LAB-CEIBA',
        name: 'Laboratorio Ceiba',
        countryCode: 'CO',
        lines: [
          { code: 'LIN-CEIBA-CARDIO', name: 'Línea cardiovascular' },
          { code: 'LIN-CEIBA-ENDO', name: 'Línea endocrinológica' },
        ],
      },
      {
        code: 'LAB-FRAILEJON',
        name: 'Laboratorio Frailejón',
        countryCode: 'CO',
        lines: [{ code: 'LIN-FRAILEJON-DERMA', name: 'Línea dermatológica' }],
      },
    ],
  },
  {
    code: 'CIA-AHUEHUETE',
    name: 'Ahuehuete Farmacéutica S.A. de C.V.',
    countryCode: 'MX',
    laboratories: [
      {
        code: 'LAB-AHUEHUETE',
        name: 'Laboratorio Ahuehuete',
        countryCode: 'MX',
        lines: [
          { code: 'LIN-AHUEHUETE-HOSP', name: 'Línea hospitalaria' },
          { code: 'LIN-AHUEHUETE-SNC', name: 'Línea sistema nervioso central' },
        ],
      },
    ],
  },
  {
    code: 'CIA-NOPALERA',
    name: 'Nopalera Salud S.A. de C.V.',
    countryCode: 'MX',
    laboratories: [
      {
        code: 'LAB-NOPALERA',
        name: 'Laboratorio Nopalera',
        countryCode: 'MX',
        lines: [
          { code: 'LIN-NOPALERA-OTC', name: 'Línea de venta libre' },
          { code: 'LIN-NOPALERA-METAB', name: 'Línea metabólica' },
        ],
      },
    ],
  },
];
