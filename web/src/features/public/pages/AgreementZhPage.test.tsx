import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import AgreementZhPage from './AgreementZhPage';

describe('<AgreementZhPage>', () => {
  it('shows the agreement in Chinese', async () => {
    renderPage(<AgreementZhPage />);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('用户协议与隐私政策');
    expect(title.closest('[lang]')).toHaveAttribute('lang', 'zh-CN');
  });
});
