import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { useSubmitGuard } from './useSubmitGuard';

/** What the page that owns a form dialog passes to it. */
export interface FormModalControl {
  open: boolean;
  onClose: (isSaved: boolean) => void;
}

/** A field of the form, as antd names it (its own NamePath type is not exported). */
type FieldName<Values> = Parameters<FormInstance<Values>['setFields']>[0][number]['name'];

/** API codes the dialog answers with a message under one field, keeping the dialog open. */
export interface FieldErrors<Values> {
  field: FieldName<Values>;
  messageByCode: Partial<Record<number, string>>;
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

  const save = async (values: Values): Promise<void> => {
    try {
      await props.onSubmit(values);
    } catch (error) {
      const message =
        error instanceof ApiError ? props.fieldErrors?.messageByCode[error.code] : undefined;
      if (props.fieldErrors && message) {
        form.setFields([{ name: props.fieldErrors.field, errors: [message] }]);
      }
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
