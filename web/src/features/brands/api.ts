import {
  createBrand,
  currentBrand,
  listBrands,
  updateBrand,
  uploadBrandLogo,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** What a brand change refreshes: the list of brands. */
const BRAND_QUERIES = [listBrands, currentBrand];

export function useBrands(query: EndpointQueryInput<typeof listBrands>) {
  return useApiQuery(listBrands, { query });
}

export function useCreateBrand() {
  return useApiMutation(createBrand, { invalidates: BRAND_QUERIES });
}

export function useUpdateBrand() {
  return useApiMutation(updateBrand, { invalidates: BRAND_QUERIES });
}

export function useUploadBrandLogo() {
  return useApiMutation(uploadBrandLogo, { invalidates: BRAND_QUERIES });
}
