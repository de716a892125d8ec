import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext } from 'react-hook-form';
import { homeProductsQuery } from '../api';
import { REPORT_FORM_COMBOBOX_PROPS, useFieldError } from '../fields';
import type { ReportFormValues } from '../form-values';

/** The suspect product: a searchable select of the products sold in the report's country. */
export function ProductField({ index, country }: { index: number; country: string }) {
  const { control } = useFormContext<ReportFormValues>();
  const { data = [], isLoading } = useQuery(homeProductsQuery(country));
  const productError = useFieldError(`Medicamento.${index}.Producto`);
  const idError = useFieldError(`Medicamento.${index}.Producto.Id`);
  const error = productError ?? idError;
  const options = data.map((product) => ({ value: String(product.Id), label: product.ComercialName }));
  const details = new Map(data.map((product) => [String(product.Id), product]));

  return (
    <Controller
      control={control}
      name={`Medicamento.${index}.Producto`}
      render={({ field }) => (
        <Select
          label="Medicamento / producto sospechoso"
          withAsterisk
          searchable
          placeholder={isLoading ? 'Cargando productos…' : 'Escriba para buscar'}
          nothingFoundMessage="No encontramos ese producto en el país elegido"
          data={options}
          limit={50}
          comboboxProps={REPORT_FORM_COMBOBOX_PROPS}
          renderOption={({ option }) => {
            const product = details.get(option.value);
            return (
              <div>
                <div>{option.label}</div>
                {product ? <div style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)' }}>{product.PrincipioActivo} · {product.Laboratorio}</div> : null}
              </div>
            );
          }}
          value={field.value ? String(field.value.Id) : null}
          onChange={(value, option) => field.onChange(value === null ? null : { Id: Number(value), ComercialName: option?.label ?? '' })}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}
