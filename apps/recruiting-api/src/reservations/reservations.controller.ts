import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '@platform/auth';
import { ApiErrorResponses, ApiRecruitingResponse, type PaginatedResult } from '@platform/contracts';
import { ConfirmScheduleDto, ListReservationsQuery, ReservationParams } from './dto/reservations.dto';
import { ReservationsService } from './reservations.service';
import { CandidateParams, ProjectScopeParam } from '../shared-dto/params';
import { ReservationResponse } from './dto/reservations.response';

@ApiTags('Reservations')
@Controller('api/v1/projects/:projectId/reservations')
export class ReservationsController {
  constructor(private readonly reservations: ReservationsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listReservations',
    summary: 'List reservations',
    description: "Viewer and above; days are read in the project's time zone.",
  })
  @ApiRecruitingResponse(200, [ReservationResponse], 'A page of reservations', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query, or startDate after endDate', 404: 'The project does not exist' })
  list(@Param() { projectId }: ProjectScopeParam, @Query() query: ListReservationsQuery): Promise<PaginatedResult<ReservationResponse>> {
    return this.reservations.list(projectId, query);
  }

  @Get(':reservationId')
  @ApiOperation({ operationId: 'getReservation', summary: 'Read a reservation', description: 'Viewer and above.' })
  @ApiRecruitingResponse(200, ReservationResponse, 'The reservation')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the reservation does not exist' })
  get(@Param() { projectId, reservationId }: ReservationParams): Promise<ReservationResponse> {
    return this.reservations.get(projectId, reservationId);
  }

  @Patch(':reservationId/cancel')
  @ApiOperation({
    operationId: 'cancelReservation',
    summary: 'Cancel a reservation',
    description:
      'Member and above; no body. The row is kept with status cancelled; the calendar event is cancelled; a scheduled or ' +
      'interviewed candidate moves to cancelled; the cancellation email is attempted.',
  })
  @ApiRecruitingResponse(200, ReservationResponse, 'The cancelled reservation')
  @ApiErrorResponses({
    400: 'A malformed id',
    404: 'The project or the reservation does not exist',
    409: 'The reservation is already cancelled',
    502: 'The calendar provider failed (CALENDAR_PROVIDER_ERROR); nothing was changed',
  })
  cancel(@Param() { projectId, reservationId }: ReservationParams, @CurrentUser() user: AuthenticatedUser): Promise<ReservationResponse> {
    return this.reservations.cancel(projectId, reservationId, user.id);
  }
}

@ApiTags('Candidates')
@Controller('api/v1/projects/:projectId/candidates/:candidateId/confirm-schedule')
export class ConfirmScheduleController {
  constructor(private readonly reservations: ReservationsService) {}

  @Post()
  @ApiOperation({
    operationId: 'confirmSchedule',
    summary: 'Confirm a schedule',
    description:
      "Member and above; books one of the candidate's availableDates: the reservation (a cancelled one of the candidate is " +
      'reused), candidate status scheduled, a calendar event (skipped while PROTOTYPE_MODE is true), the confirmation email.',
  })
  @ApiRecruitingResponse(201, ReservationResponse, 'The confirmed reservation')
  @ApiErrorResponses({
    400: 'A malformed body',
    404: 'The project, the candidate or the available date does not exist',
    409:
      'The interviewer is already booked then, or the slot has begun (SLOT_NOT_AVAILABLE); the candidate already has a confirmed ' +
      'reservation (CONFLICT); the status cannot move to scheduled (INVALID_STATUS_TRANSITION)',
    502: 'The calendar provider failed (CALENDAR_PROVIDER_ERROR); nothing was changed',
  })
  confirm(
    @Param() { projectId, candidateId }: CandidateParams,
    @Body() body: ConfirmScheduleDto,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<ReservationResponse> {
    return this.reservations.confirm(projectId, candidateId, body, user.id);
  }
}
