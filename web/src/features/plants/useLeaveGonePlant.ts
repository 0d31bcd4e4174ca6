import { useNavigate } from 'react-router-dom';
import { usePageActivity } from '../../shared/ui/page-activity';

/**
 * After a delete or a transfer the plant is no longer the user's: its kept overview and edit
 * pages are dropped (they would only ever show "plant does not exist") and the list opens.
 */
export function useLeaveGonePlant(): (plantId: number) => void {
  const navigate = useNavigate();
  const { forgetKeptPage } = usePageActivity();
  return (plantId) => {
    forgetKeptPage(`/plants/overview/${plantId}`);
    forgetKeptPage(`/plants/edit/${plantId}`);
    void navigate('/plants');
  };
}
