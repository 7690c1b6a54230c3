/* sem_clockwait for libfaketime (scripts/at-night-in-india.sh), which has sem_timedwait but not
   this: Python (3.11 on glibc >= 2.30) waits on a lock with a timeout through sem_clockwait with a
   deadline read on the faked monotonic clock, which the real call takes as hours away, so every
   Event.wait, Thread.join, Timer or queue.get with a timeout hung. The time left is read on the
   clock the deadline was (faked, consistently) and waited through sem_timedwait, which
   libfaketime translates. */
#define _GNU_SOURCE
#include <errno.h>
#include <semaphore.h>
#include <time.h>

#define BILLION 1000000000LL

int sem_clockwait(sem_t *sem, clockid_t clock, const struct timespec *abstime) {
  struct timespec now, until;
  if (abstime->tv_nsec < 0 || abstime->tv_nsec >= BILLION) {
    errno = EINVAL;
    return -1;
  }
  if (clock_gettime(clock, &now) != 0 || clock_gettime(CLOCK_REALTIME, &until) != 0) return -1;
  long long left = (long long)(abstime->tv_sec - now.tv_sec) * BILLION + (abstime->tv_nsec - now.tv_nsec);
  if (left < 0) left = 0;
  until.tv_sec += left / BILLION;
  until.tv_nsec += left % BILLION;
  if (until.tv_nsec >= BILLION) {
    until.tv_sec += 1;
    until.tv_nsec -= BILLION;
  }
  return sem_timedwait(sem, &until);
}
