import {
  createBrand,
  currentBrand,
  listBrands,
  updateBrand,
  type uploadBrandFavicon,
  type uploadBrandLogo,
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

/** Replaces the brand's logo or favicon. */
export function useUploadBrandPicture(
  endpoint: typeof uploadBrandLogo | typeof uploadBrandFavicon,
) {
  return useApiMutation(endpoint, { invalidates: BRAND_QUERIES });
}
