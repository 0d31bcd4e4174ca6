import { screen } from '@testing-library/react';

/** The fields the account pages share, found by their labels. */
export const authFields = {
  email: () => screen.findByLabelText('E-mail'),
  code: () => screen.getByLabelText('Verification code'),
  newPassword: () => screen.getByLabelText('New password'),
  confirmPassword: () => screen.getByLabelText('Confirm password'),
};
