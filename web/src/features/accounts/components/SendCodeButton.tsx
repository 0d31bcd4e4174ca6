import { Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const RESEND_AFTER_SECONDS = 60;

/** Sends a verification code, then counts down before it can send again. */
export function SendCodeButton(props: { onSend: () => Promise<boolean> }): ReactNode {
  const { t } = useTranslation('auth');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async (): Promise<void> => {
    setIsSending(true);
    const isSent = await props.onSend().finally(() => setIsSending(false));
    if (isSent) setSecondsLeft(RESEND_AFTER_SECONDS);
  };

  return (
    <Button onClick={() => void send()} loading={isSending} disabled={secondsLeft > 0}>
      {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.send')}
    </Button>
  );
}
