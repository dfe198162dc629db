// The address form (/user/address/form/{id?}): an address → form values → the body of POST /api/user/addresses or
// PUT /api/user/addresses/{id}, checked with the shared schema before sending.
import { addressCreateBody, type Address } from '@qshop/shared/schemas/addresses';
import { validateInput, type FieldErrors } from '../../resource/validation';

export interface AddressValues {
  receive_name: string;
  receive_tel: string;
  /** [province, city, district] area ids as the cascader holds them (fewer while choosing) */
  area: number[];
  address: string;
  is_default: boolean;
}

export function addressValues(address: Address | null): AddressValues {
  return {
    receive_name: address?.receive_name ?? '',
    receive_tel: address?.receive_tel ?? '',
    area: address ? [...address.area] : [],
    address: address?.address ?? '',
    is_default: address?.is_default === 1,
  };
}

/** Trimmed text; is_default sent only when chosen (the default moves only by choosing another address). */
export function addressBody(values: AddressValues): Record<string, unknown> {
  return {
    receive_name: values.receive_name.trim(),
    receive_tel: values.receive_tel.trim(),
    area: values.area,
    address: values.address.trim(),
    ...(values.is_default ? { is_default: 1 } : {}),
  };
}

/** Field errors of the body by the shared schema, in the current language; the area says what is missing. */
export function addressErrors(body: Record<string, unknown>, areaMessage: string): FieldErrors {
  const errors = validateInput(addressCreateBody, body);
  if (errors.area || (Array.isArray(body.area) && body.area.length !== 3)) errors.area = areaMessage;
  return errors;
}
