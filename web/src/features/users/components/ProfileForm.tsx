import {
  rules,
  uploadAvatar,
  type UserProfile,
  type EndpointBody,
  type editUser,
} from '@solar/contract';
import { App, Avatar, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { PictureUpload, uploadForm } from '../../../shared/upload/PictureUpload';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useEditUser, useUploadAvatar } from '../api';

type ProfileValues = Pick<EndpointBody<typeof editUser>, 'nickname' | 'phone'>;

export function ProfileForm(props: { profile: UserProfile }): ReactNode {
  const { t } = useTranslation(['account', 'validation']);
  const { message } = App.useApp();
  const editUser = useEditUser();
  const avatarUpload = useUploadAvatar();
  const user = props.profile.userid;

  const save = async (values: ProfileValues): Promise<void> => {
    await editUser.mutateAsync({ params: { id: user.id }, body: values, loading: true });
    void message.success(t('saved'));
  };

  const upload = async (file: File): Promise<void> => {
    const body = uploadForm(uploadAvatar.upload, file);
    await avatarUpload.mutateAsync({ params: { id: user.id }, body, loading: true });
  };

  return (
    <Form<ProfileValues>
      layout="vertical"
      initialValues={{
        nickname: user.nickname,
        phone: user.phone ?? '',
      }}
      onFinish={(values) => void save(values).catch(() => null)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item label={t('profile.avatar')}>
        <Space>
          <Avatar size={64} src={user.avatar ?? undefined}>
            {user.nickname.slice(0, 1)}
          </Avatar>
          <PictureUpload
            label={t('profile.changeAvatar')}
            rule={uploadAvatar.upload}
            onPick={upload}
          />
        </Space>
      </Form.Item>
      <Form.Item label={t('profile.email')} htmlFor="profile-email">
        <TrimmedInput id="profile-email" value={user.email} disabled />
      </Form.Item>
      <Form.Item name="nickname" label={t('profile.nickname')} rules={[zodRule(rules.name(20), t)]}>
        <TrimmedInput />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        rules={[zodRule(rules.phone, t, { optional: true })]}
      >
        <TrimmedInput inputMode="tel" />
      </Form.Item>
      <SubmitButton type="primary" htmlType="submit">
        {t('save')}
      </SubmitButton>
    </Form>
  );
}
