import {
  listStockDataloggers,
  registerStockDatalogger,
  unbindStockDatalogger,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

const STOCK_QUERIES = [listStockDataloggers];

export function useStockDataloggers(query: EndpointQueryInput<typeof listStockDataloggers>) {
  return useApiQuery(listStockDataloggers, { query });
}

export function useRegisterStockDatalogger() {
  return useApiMutation(registerStockDatalogger, { invalidates: STOCK_QUERIES });
}

export function useUnbindStockDatalogger() {
  return useApiMutation(unbindStockDatalogger, { invalidates: STOCK_QUERIES });
}
