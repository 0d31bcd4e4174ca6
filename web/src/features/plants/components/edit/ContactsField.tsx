import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_CONTACTS, rules } from '@solar/contract';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../../shared/ui/TrimmedInput';

export function ContactsField() {
  const { t } = useTranslation('plants');
  return (
    <Form.List name="contacts">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="baseline" wrap data-testid="contact-row">
              <Form.Item name={[field.name, 'name']} rules={[zodRule(rules.name(40), t)]}>
                <TrimmedInput placeholder={t('contact.name')} maxLength={40} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'phone']}
                rules={[zodRule(rules.phone, t, { optional: true })]}
              >
                <TrimmedInput placeholder={t('contact.phone')} maxLength={16} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'email']}
                rules={[zodRule(rules.email, t, { optional: true })]}
              >
                <TrimmedInput placeholder={t('contact.email')} maxLength={64} />
              </Form.Item>
              <Button
                aria-label={t('contact.remove')}
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_CONTACTS}
            onClick={() => add({ name: '', phone: '', email: '' })}
          >
            {t('contact.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
