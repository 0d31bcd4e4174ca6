import {
  addHardwareRevision,
  createDeviceProtocol,
  createProtocolColumn,
  createProductModel,
  listDeviceProtocols,
  listHardwareRevisions,
  listProductModels,
  listProtocolColumns,
  removeHardwareRevision,
  removeProtocolColumn,
  setDeviceProtocolEnabled,
  setProductModelEnabled,
  updateDeviceProtocol,
  updateProductModel,
  updateProtocolColumn,
  uploadProductImage,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

const PRODUCT_QUERIES = [listProductModels];
const PROTOCOL_QUERIES = [listDeviceProtocols];

export function useProductModels(query: EndpointQueryInput<typeof listProductModels>) {
  return useApiQuery(listProductModels, { query });
}

export function useCreateProductModel() {
  return useApiMutation(createProductModel, { invalidates: PRODUCT_QUERIES });
}

export function useUpdateProductModel() {
  return useApiMutation(updateProductModel, { invalidates: PRODUCT_QUERIES });
}

export function useSetProductModelEnabled() {
  return useApiMutation(setProductModelEnabled, { invalidates: PRODUCT_QUERIES });
}

/** Replaces the model's picture. */
export function useUploadProductImage() {
  return useApiMutation(uploadProductImage, { invalidates: PRODUCT_QUERIES });
}

export function useHardwareRevisions(productId: number) {
  return useApiQuery(listHardwareRevisions, { params: { id: productId } });
}

export function useAddHardwareRevision() {
  return useApiMutation(addHardwareRevision, { invalidates: [listHardwareRevisions] });
}

export function useRemoveHardwareRevision() {
  return useApiMutation(removeHardwareRevision, { invalidates: [listHardwareRevisions] });
}

export function useDeviceProtocols(query: EndpointQueryInput<typeof listDeviceProtocols>) {
  return useApiQuery(listDeviceProtocols, { query });
}

export function useCreateDeviceProtocol() {
  return useApiMutation(createDeviceProtocol, { invalidates: PROTOCOL_QUERIES });
}

export function useUpdateDeviceProtocol() {
  return useApiMutation(updateDeviceProtocol, { invalidates: PROTOCOL_QUERIES });
}

export function useSetDeviceProtocolEnabled() {
  return useApiMutation(setDeviceProtocolEnabled, { invalidates: PROTOCOL_QUERIES });
}

export function useProtocolColumns(protocolId: number) {
  return useApiQuery(listProtocolColumns, { params: { id: protocolId } });
}

export function useCreateProtocolColumn() {
  return useApiMutation(createProtocolColumn, { invalidates: [listProtocolColumns] });
}

export function useUpdateProtocolColumn() {
  return useApiMutation(updateProtocolColumn, { invalidates: [listProtocolColumns] });
}

export function useRemoveProtocolColumn() {
  return useApiMutation(removeProtocolColumn, { invalidates: [listProtocolColumns] });
}
