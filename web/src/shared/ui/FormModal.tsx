import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validationFailureData } from '@solar/contract';
import { ApiError } from '../api/api-error';
import { toastApiError } from '../api/client';
import { useSubmitGuard } from './useSubmitGuard';

/** What the page that owns a form dialog passes to it. */
export interface FormModalControl {
  open: boolean;
  onClose: (isSaved: boolean) => void;
}

/** A field of the form, as antd names it (its own NamePath type is not exported). */
type FieldName<Values> = Parameters<FormInstance<Values>['setFields']>[0][number]['name'];

/**
 * API codes the dialog answers with a message under one field, keeping the dialog open. A
 * validation refusal (code 4) that lists its fields gets the message only when it lists this
 * one; any other refusal shows the usual error toast.
 */
export interface FieldErrors<Values> {
  field: FieldName<Values>;
  messageByCode: Partial<Record<number, string>>;
}

/** False only for a validation refusal that names its fields without this one. */
function concernsField(error: ApiError, field: string): boolean {
  const failure = validationFailureData.safeParse(error.data);
  return !failure.success || failure.data.fields.some((failed) => failed.field === field);
}

export interface FormModalProps<Values> extends FormModalControl {
  title: ReactNode;
  /** Sends the validated values; the dialog closes as saved when it resolves. */
  onSubmit: (values: Values) => Promise<unknown>;
  initialValues?: Partial<Values>;
  fieldErrors?: FieldErrors<Values>;
  width?: number;
  /** The Form.Items. */
  children: ReactNode;
}

/**
 * A Save / Cancel dialog around a vertical form. The form starts again from `initialValues`
 * each time the dialog opens, because both are destroyed when it closes. Save has the
 * double-click guard of section 5.
 */
export function FormModal<Values extends object>(props: FormModalProps<Values>): ReactNode {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<Values>();
  const [isSaveGuarded, guardSave] = useSubmitGuard();

  const showFieldError = (error: ApiError, fieldErrors: FieldErrors<Values>): void => {
    const message = fieldErrors.messageByCode[error.code];
    if (!message) return;
    if (!concernsField(error, String(fieldErrors.field))) {
      toastApiError(error);
      return;
    }
    form.setFields([{ name: fieldErrors.field, errors: [message] }]);
  };

  const save = async (values: Values): Promise<void> => {
    try {
      await props.onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && props.fieldErrors) showFieldError(error, props.fieldErrors);
      return;
    }
    props.onClose(true);
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => {
        guardSave();
        form.submit();
      }}
      okButtonProps={{ disabled: isSaveGuarded }}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
      width={props.width}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={props.initialValues}
        onFinish={(values) => void save(values)}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
