import { Select, type ComboboxItem } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { productToSelect, type Option } from './codecs';
import { FIELD_COMBOBOX_PROPS, inputProps, useBoundField, type FieldProps } from './field-props';
import type { SelectRest } from './choice-fields';

export interface ProductFieldProps<P extends { Id: number }> extends Omit<SelectRest, 'data' | 'renderOption'> {
  /** The products offered (those of the case's or report's country). */
  products: readonly P[];
  loading?: boolean;
  /** The placeholder while the products load. */
  loadingPlaceholder: string;
  nothingFoundMessage: string;
  optionLabel(product: P): string;
  /** A second, dimmed line under each option (active ingredient, laboratory). */
  optionDetail?(product: P): string;
  /** An option kept although the list no longer offers it (the edited row's product). */
  extraOption?: Option | null;
  /** The form value of a choice (default: the product's id; null when cleared). */
  toValue?(product: P | null, option: ComboboxItem | null): unknown;
  /** Replaces setting the form value (e.g. a reset that pre-fills the product's other fields). */
  onPick?(product: P | null): void;
}

/** A searchable select of products; the form holds the id or, with `toValue`, an object with `Id`. */
export function ProductField<T extends FieldValues, P extends { Id: number }>({
  control,
  name,
  label,
  required,
  disabled,
  description,
  products,
  loading,
  loadingPlaceholder,
  optionLabel,
  optionDetail,
  extraOption,
  toValue = (product) => product?.Id ?? null,
  onPick,
  ...rest
}: FieldProps<T> & ProductFieldProps<P>) {
  const bound = useBoundField(control, name, disabled);
  const { field } = bound;
  const options: Option[] = products.map((product) => ({ value: String(product.Id), label: optionLabel(product) }));
  if (extraOption && !options.some((option) => option.value === extraOption.value)) options.push(extraOption);
  const byId = new Map(products.map((product) => [String(product.Id), product]));

  return (
    <Select
      {...inputProps({ label, required, description }, bound)}
      searchable
      placeholder={loading ? loadingPlaceholder : 'Escriba para buscar'}
      data={options}
      limit={50}
      comboboxProps={FIELD_COMBOBOX_PROPS}
      renderOption={
        optionDetail
          ? ({ option }) => {
              const product = byId.get(option.value);
              return (
                <div>
                  <div>{option.label}</div>
                  {product ? <div style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)' }}>{optionDetail(product)}</div> : null}
                </div>
              );
            }
          : undefined
      }
      {...rest}
      value={productToSelect(field.value)}
      onChange={(value, option) => {
        const product = value === null ? null : (byId.get(value) ?? null);
        if (onPick) onPick(product);
        else field.onChange(value === null ? null : toValue(product, option));
      }}
    />
  );
}
