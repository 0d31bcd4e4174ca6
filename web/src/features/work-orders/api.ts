import {
  assignWorkOrder,
  commentWorkOrder,
  createWorkOrder,
  getWorkOrder,
  getWorkOrderKpis,
  listWorkOrderAssignees,
  listWorkOrders,
  moveWorkOrder,
  updateWorkOrder,
  uploadWorkOrderPhoto,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { usePermission } from '../../shared/permissions/PermissionContext';

export type WorkOrderListQuery = EndpointQueryInput<typeof listWorkOrders>;

/** Every read a change to a work order can alter. */
const WORK_ORDER_READS = [listWorkOrders, getWorkOrder, getWorkOrderKpis] as const;

export function useWorkOrders(query: WorkOrderListQuery) {
  return useApiQuery(listWorkOrders, { query });
}

export function useWorkOrderKpis(plantId: number | undefined) {
  return useApiQuery(getWorkOrderKpis, { query: plantId ? { plantId } : {} });
}

export function useWorkOrder(id: number) {
  return useApiQuery(getWorkOrder, { params: { id } });
}

/** The members who may take the plant's work orders, when the caller may assign. */
export function useAssignees(plantId: number | undefined) {
  const canAssign = usePermission('workorder.assign');
  return useApiQuery(
    listWorkOrderAssignees,
    { query: { plantId: plantId ?? 0 } },
    { enabled: canAssign && plantId !== undefined, staleTime: 60_000 },
  );
}

export function useCreateWorkOrder() {
  return useApiMutation(createWorkOrder, { invalidates: WORK_ORDER_READS });
}

export function useUpdateWorkOrder() {
  return useApiMutation(updateWorkOrder, { invalidates: WORK_ORDER_READS });
}

export function useAssignWorkOrder() {
  return useApiMutation(assignWorkOrder, { invalidates: WORK_ORDER_READS });
}

export function useMoveWorkOrder() {
  return useApiMutation(moveWorkOrder, { invalidates: WORK_ORDER_READS });
}

export function useCommentWorkOrder() {
  return useApiMutation(commentWorkOrder, { invalidates: WORK_ORDER_READS });
}

export function useUploadWorkOrderPhoto() {
  return useApiMutation(uploadWorkOrderPhoto, { invalidates: [getWorkOrder] });
}
