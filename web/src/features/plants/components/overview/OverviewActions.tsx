import {
  EditOutlined,
  FilePdfOutlined,
  PrinterOutlined,
  ShareAltOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { ErrorCode, type PlantDetail } from '@solar/contract';
import { App, Button, Space } from 'antd';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Permit } from '../../../../shared/permissions/Permit';
import { SubmitButton } from '../../../../shared/ui/SubmitButton';
import { useDeletePlant } from '../../api';
import { useLeaveGonePlant } from '../../useLeaveGonePlant';
import { revealAllCharts } from '../../../../shared/charts/chart-reveal';
import { exportElementToPdf } from '../../export/export-pdf';
import { ShareDialog } from '../share/ShareDialog';
import { TransferDialog } from '../share/TransferDialog';
import { DeletePlantMenu } from './DeletePlantMenu';

interface OverviewActionsProps {
  plant: PlantDetail;
  area: RefObject<HTMLDivElement | null>;
}

export function OverviewActions({ plant, area }: OverviewActionsProps) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leaveGonePlant = useLeaveGonePlant();
  const [dialog, setDialog] = useState<'share' | 'transfer' | null>(null);
  const [isExporting, setExporting] = useState(false);
  const deletePlant = useDeletePlant();
  const canManage = plant.access === 'manage';

  const exportPdf = async () => {
    if (!area.current) return;
    setExporting(true);
    try {
      await revealAllCharts();
      await exportElementToPdf(area.current, plant.name);
    } catch {
      void message.error(t('overview.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const remove = () =>
    deletePlant.mutate(
      { params: { id: plant.id } },
      {
        onSuccess: () => {
          void message.success(t('overview.deleted'));
          leaveGonePlant(plant.id);
        },
        onError: (error) => {
          if (error.code === ErrorCode.plantNotFound) void message.error(t('overview.notFound'));
        },
      },
    );

  return (
    <Space wrap className="no-print">
      {canManage && (
        <>
          <Permit permission="station.share">
            <Button icon={<ShareAltOutlined />} onClick={() => setDialog('share')}>
              {t('overview.share')}
            </Button>
          </Permit>
          <Permit permission="station.transfer">
            <Button icon={<SwapOutlined />} onClick={() => setDialog('transfer')}>
              {t('overview.transfer')}
            </Button>
          </Permit>
          <Permit permission="station.edit">
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate(`/plants/edit/${plant.id}`)}
            >
              {t('overview.edit')}
            </Button>
          </Permit>
          <Permit permission="station.delete">
            <DeletePlantMenu
              plantName={plant.name}
              isDeleting={deletePlant.isPending}
              onDelete={remove}
            />
          </Permit>
        </>
      )}
      <Permit permission="station.export">
        <SubmitButton
          icon={<FilePdfOutlined />}
          loading={isExporting}
          onClick={() => void exportPdf()}
        >
          {t('overview.exportPdf')}
        </SubmitButton>
      </Permit>
      <Button
        icon={<PrinterOutlined />}
        onClick={() => void revealAllCharts().then(() => window.print())}
      >
        {t('overview.print')}
      </Button>
      <ShareDialog plantId={plant.id} open={dialog === 'share'} onClose={() => setDialog(null)} />
      <TransferDialog
        plantId={plant.id}
        plantName={plant.name}
        open={dialog === 'transfer'}
        onClose={() => setDialog(null)}
      />
    </Space>
  );
}
